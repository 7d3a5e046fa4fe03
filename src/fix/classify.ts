/**
 * What a fix does to callers: the fix is applied to a copy of the description (in memory, every
 * file of a multi-file description), and `vottur diff` compares before and after. The highest
 * class among the changes is the fix's effect; a fix the diff sees no change in is documentation
 * only (callers send and receive the same).
 */
import { isObject } from '../../rulesets/lib/openapi/types.js';
import { CHECKS, diffSides, type ChangeClass } from '../diff/index.js';
import { loadDescription, type LoadedDescription, type LoadOptions } from '../lint/load.js';
import { applyFileEdits } from './edits.js';
import type { FixEffect, TextEdit } from './types.js';

const CLASS_OF = new Map<string, ChangeClass>(CHECKS.map((check) => [check.id, check.class]));
const RANK: Record<FixEffect, number> = { documentation: 0, 'non-breaking': 1, review: 2, breaking: 3 };

export interface FixClass {
  effect: FixEffect;
  /** The diff's findings, one line each (`diff-response-body-property-removed: ...`). */
  detail: string[];
}

/** Every file's text of a loaded description, by URI. */
export function textsOf(loaded: LoadedDescription): Map<string, string> {
  return new Map([...loaded.files].map(([uri, file]) => [uri, file.text]));
}

/** Loads the description again with some files' texts replaced (nothing is written). */
export function reload(
  loaded: LoadedDescription,
  replaced: ReadonlyMap<string, string>,
  options: LoadOptions = {},
): Promise<LoadedDescription> {
  const texts = textsOf(loaded);
  for (const [uri, text] of replaced) texts.set(uri, text);
  return loadDescription(loaded.rootUri, { ...options, texts });
}

/** The data the diff compares: an OpenAPI 3 document (a Swagger 2.0 one converted as the linter converts it). */
async function comparable(loaded: LoadedDescription): Promise<LoadedDescription> {
  const { isSwagger2, convertSwagger2 } = await import('../lint/swagger.js');
  if (!isSwagger2(loaded.data) || !isObject(loaded.data)) return loaded;
  const converted = await convertSwagger2(loaded.data);
  return { ...loaded, data: converted.data };
}

/** The effect of going from `before` to `after` (two loaded versions of one description). */
export async function classifyChange(before: LoadedDescription, after: LoadedDescription): Promise<FixClass> {
  const display = (uri: string) => uri;
  const result = diffSides(
    { name: 'before', loaded: await comparable(before), display: (uri) => `${display(uri)} (before)` },
    { name: 'after', loaded: await comparable(after), display },
  );
  let effect: FixEffect = 'documentation';
  const detail: string[] = [];
  for (const finding of [...result.report.findings, ...result.accepted.map((entry) => entry.finding)]) {
    const cls = CLASS_OF.get(finding.ruleId);
    // The versioning rules judge the version number, not what callers send and receive.
    if (!cls) continue;
    detail.push(`${finding.ruleId}: ${finding.message.replace(/ \(base: [^)]*\)$/, '')}`);
    if (RANK[cls] > RANK[effect]) effect = cls;
  }
  return { effect, detail };
}

/** Applies `edits` to a copy of `before` and classifies the change (the description on disk is untouched). */
export async function classifyFix(
  before: LoadedDescription,
  edits: readonly TextEdit[],
  options: LoadOptions = {},
): Promise<FixClass> {
  const after = await reload(before, applyFileEdits(textsOf(before), edits), options);
  return classifyChange(before, after);
}
