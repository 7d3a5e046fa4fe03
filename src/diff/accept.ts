/**
 * Accepting a change on purpose, never by turning a check off:
 * - `x-vottur-ignore` on the node in the revision (or an enclosing one), naming the rule and why:
 *   a list `[{ rule, reason }]` or a map `{ rule-id: reason }` (the same shape lint suppressions use);
 * - an accept file (`--accept file`): entries `{ rule, pointer | operation, reason }`.
 * A suppression without a reason is refused (exit 2): the reason is the point of it.
 */
import { resolve } from 'node:path';
import { namedFileRoot, parseErrorWithoutContent, readNamedFile } from '../runtime/safe-read.js';
import { CouldNotRunError } from '../errors.js';
import { encodePointer } from '../../rulesets/lib/openapi/pointer.js';
import { isArray, isObject, type Document, type JsonPath } from '../../rulesets/lib/openapi/types.js';
import { IGNORE_KEY, ignoreEntries } from '../lint/suppress.js';
import { yamlLineBreaks } from '../runtime/yaml-lines.js';
import { parseYaml } from '../runtime/yaml-read.js';

export { IGNORE_KEY };

export interface Suppression {
  rule: string;
  reason: string;
}

/**
 * Reads an `x-vottur-ignore` value (the shape lint reads too, `ignoreEntries`), strictly: accepting
 * a change is a sign-off, so an entry without a rule or a reason stops the run.
 */
export function readSuppressions(value: unknown, where: string): Suppression[] {
  const entries = ignoreEntries(value);
  if (!entries)
    throw new CouldNotRunError(
      `${where}: ${IGNORE_KEY} must be a list of { rule, reason } or a map of rule id to reason`,
    );
  return entries.map((entry) => {
    if (typeof entry.rule !== 'string' || entry.rule === '')
      throw new CouldNotRunError(`${where}: every ${IGNORE_KEY} entry names a rule`);
    if (typeof entry.reason !== 'string' || entry.reason.trim() === '')
      throw new CouldNotRunError(
        `${where}: ${IGNORE_KEY} entry for ${entry.rule} has no reason; say why the change is accepted`,
      );
    return { rule: entry.rule, reason: entry.reason };
  });
}

/** The suppressions on the node at `path` and every node enclosing it, innermost first. */
export function suppressionsAt(document: Document, path: JsonPath): Suppression[] {
  const found: Suppression[] = [];
  const nodes: Array<{ node: unknown; at: JsonPath }> = [{ node: document, at: [] }];
  let node: unknown = document;
  for (const [i, segment] of path.entries()) {
    if (node === undefined) break;
    node = isObject(node) ? node[segment] : isArray(node) ? node[Number(segment)] : undefined;
    nodes.push({ node, at: path.slice(0, i + 1) });
  }
  for (const { node: holder, at } of nodes.reverse()) {
    if (isObject(holder) && holder[IGNORE_KEY] !== undefined)
      found.push(...readSuppressions(holder[IGNORE_KEY], `${encodePointer(at) || '/'}`));
  }
  return found;
}

export interface AcceptEntry {
  rule: string;
  pointer?: string;
  operation?: string;
  reason: string;
}

function normaliseOperation(operation: string): string {
  const match = /^\s*([A-Za-z]+)\s+(\S+)\s*$/.exec(operation);
  if (!match) return operation.trim();
  const [, method = '', route = ''] = match;
  return `${method.toUpperCase()} ${route}`;
}

/** Reads an accept file: a list of entries, or `{ accept: [...] }`; JSON or YAML. */
export async function readAcceptFile(file: string, cwd: string): Promise<AcceptEntry[]> {
  // A regular file inside the repository (or the working folder), of bounded size: src/runtime/safe-read.ts.
  const text = await readNamedFile(resolve(cwd, file), {
    what: 'the accept file',
    shown: file,
    root: namedFileRoot(cwd),
  });
  let data: unknown;
  try {
    data = parseYaml(yamlLineBreaks(text));
  } catch (error) {
    throw new CouldNotRunError(`accept file ${file} is not valid YAML or JSON (${parseErrorWithoutContent(error)})`);
  }
  return parseAcceptEntries(data, file);
}

export function parseAcceptEntries(data: unknown, file: string): AcceptEntry[] {
  const list = isArray(data) ? data : isObject(data) && isArray(data.accept) ? data.accept : undefined;
  if (!list)
    throw new CouldNotRunError(
      `accept file ${file}: expected a list of { rule, pointer or operation, reason } (or { accept: [...] })`,
    );
  return list.map((item, index) => {
    const where = `accept file ${file}, entry ${index + 1}`;
    if (!isObject(item) || typeof item.rule !== 'string' || item.rule === '')
      throw new CouldNotRunError(`${where}: name the rule (rule: diff-...)`);
    if (typeof item.reason !== 'string' || item.reason.trim() === '')
      throw new CouldNotRunError(`${where}: give a reason for accepting ${item.rule}`);
    // The root's pointer is every node: an entry with it would accept its rule everywhere.
    if (item.pointer === '' && typeof item.operation !== 'string')
      throw new CouldNotRunError(
        `${where}: pointer "" is the whole description, and a rule is never accepted everywhere; name the changed node (pointer: /paths/...) or the operation`,
      );
    if (typeof item.pointer !== 'string' && typeof item.operation !== 'string')
      throw new CouldNotRunError(
        `${where}: say where the change is accepted (pointer: /paths/... or operation: GET /v1/...); a rule is never accepted everywhere`,
      );
    return {
      rule: item.rule,
      reason: item.reason,
      ...(typeof item.pointer === 'string' ? { pointer: item.pointer } : {}),
      ...(typeof item.operation === 'string' ? { operation: normaliseOperation(item.operation) } : {}),
    };
  });
}

/**
 * Who accepted each change, for the report's record: the revision's `x-vottur-ignore` (read first,
 * as `diffSides` does) unless only the accept file covers it.
 */
export function acceptedBy<F extends { ruleId: string; pointer: string; operation?: string; operations?: string[] }>(
  accepted: ReadonlyArray<{ finding: F; reason: string; reaches?: string[] }>,
  entries: readonly AcceptEntry[] | undefined,
) {
  return accepted.map(({ finding, reason, reaches }) => ({
    finding,
    reason,
    // `reaches`: every operation a change lists only the first of (`MAX_LISTED_OPERATIONS`).
    by: entries?.some(
      (entry) => entry.reason === reason && accepts(entry, reaches ? { ...finding, operations: reaches } : finding),
    )
      ? ('accept file' as const)
      : ('x-vottur-ignore' as const),
  }));
}

/** True when an accept entry covers a finding: same rule, and its pointer at or above the finding's, or its operation. */
export function accepts(
  entry: AcceptEntry,
  finding: { ruleId: string; pointer: string; operation?: string; operations?: string[] },
): boolean {
  if (entry.rule !== finding.ruleId) return false;
  if (
    entry.pointer !== undefined &&
    (finding.pointer === entry.pointer || finding.pointer.startsWith(`${entry.pointer}/`))
  )
    return true;
  const operations = finding.operations ?? (finding.operation !== undefined ? [finding.operation] : []);
  return (
    entry.operation !== undefined && operations.some((operation) => normaliseOperation(operation) === entry.operation)
  );
}
