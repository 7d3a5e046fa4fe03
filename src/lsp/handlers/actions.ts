/**
 * Code actions and commands: the fix engine's quick fixes, a suppression with a reason, and adding
 * a finding to the baseline.
 */
import { basename, dirname, resolve } from 'node:path';
import { assertWritableInside, namedFileRoot } from '../../runtime/safe-read.js';
import { writeFileAtomically } from '../../runtime/safe-write.js';
import { CodeActionKind, type CodeAction, type Connection } from 'vscode-languageserver/node';
import { errorCode, errorMessage } from '../../errors.js';
import { DEFAULT_BASELINE_FILE } from '../../paths.js';
import type { Finding } from '../../report/finding.js';
import { maskNationalIds } from '../../pii.js';
import { baselineDocument, readBaseline, serializeBaseline, type BaselineFile } from '../../baseline/index.js';
import { engineFixes, fixActionsFor, type FixProvider } from '../fixes.js';
import { runFolder } from '../linting.js';
import { suppressionEdit } from '../suppress-edit.js';
import { Syntax } from '../syntax.js';
import { toPath, type ClientCapabilities, type DiagnosticData, type DocumentStore } from '../store.js';

/** The command behind "add to the baseline". */
export const ADD_TO_BASELINE = 'vottur.addToBaseline';

export function registerActions(
  connection: Connection,
  store: DocumentStore,
  client: Pick<ClientCapabilities, 'snippetEdits'>,
  options: { fixes?: FixProvider },
): void {
  connection.onCodeAction(async (params) => {
    const path = toPath(params.textDocument.uri);
    const document = store.documents.get(params.textDocument.uri);
    if (!document) return [];
    const entries = store.publishedOn(path);
    const actions: CodeAction[] = [];
    for (const diagnostic of params.context.diagnostics) {
      if (diagnostic.source !== 'vottur' || typeof diagnostic.code !== 'string') continue;
      const data = diagnostic.data as DiagnosticData | undefined;
      const entry = entries.find(
        (candidate) =>
          candidate.diagnostic.code === diagnostic.code &&
          sameData(candidate.diagnostic.data as DiagnosticData, data) &&
          candidate.diagnostic.message === diagnostic.message,
      );
      const finding = entry?.finding;
      if (!finding || !data) continue;
      const outcome = store.outcomes.get(data.root);
      if (outcome && !data.baselined) {
        try {
          actions.push(
            ...(await fixActionsFor(options.fixes ?? engineFixes, {
              file: path,
              uri: params.textDocument.uri,
              text: document.getText(),
              finding,
              diagnostic,
              root: data.root,
              cwd: outcome.cwd,
              texts: store.openTexts(),
              uriOf: (file: string) => store.uriOf(file),
            })),
          );
        } catch (error) {
          // The text changed under the request (it no longer parses): no fix now, the next lint says why.
          connection.console.warn(`vottur: no fixes for ${finding.ruleId}: ${errorMessage(error)}`);
        }
      }
      if (data.baselined) continue;
      const syntax = Syntax.read(document.getText());
      const edit = syntax && suppressionEdit(syntax, finding.path, finding.ruleId, client.snippetEdits);
      if (edit) {
        actions.push({
          title: `Suppress ${finding.ruleId} here, with a reason`,
          kind: CodeActionKind.QuickFix,
          diagnostics: [diagnostic],
          edit: {
            documentChanges: [
              {
                textDocument: { uri: params.textDocument.uri, version: document.version },
                edits: [
                  edit.snippet
                    ? { range: edit.range, snippet: { kind: 'snippet', value: edit.newText } }
                    : { range: edit.range, newText: edit.newText },
                ] as never,
              },
            ],
          },
        });
      }
      if (finding.fingerprint) {
        actions.push({
          title: `Add this ${finding.ruleId} finding to the baseline`,
          kind: CodeActionKind.QuickFix,
          diagnostics: [diagnostic],
          command: {
            title: 'Add to the baseline',
            command: ADD_TO_BASELINE,
            arguments: [
              {
                root: data.root,
                document: finding.document,
                fingerprint: finding.fingerprint,
                pointer: finding.pointer,
                rule: finding.ruleId,
              },
            ],
          },
        });
      }
    }
    return actions;
  });

  connection.onExecuteCommand(async (params) => {
    if (params.command !== ADD_TO_BASELINE) return null;
    const argument = params.arguments?.[0] as
      { root: string; document: string; fingerprint: string; pointer: string; rule: string } | undefined;
    const outcome = argument && store.outcomes.get(argument.root);
    const finding =
      argument &&
      outcome?.findings.find(
        (candidate) =>
          candidate.fingerprint === argument.fingerprint &&
          candidate.ruleId === argument.rule &&
          candidate.document === argument.document,
      );
    if (!argument || !outcome || !finding) {
      void connection.window.showWarningMessage('vottur: that finding is gone; nothing was added to the baseline.');
      return null;
    }
    const file =
      outcome.baseline ??
      resolve(
        runFolder(argument.root, !store.settings.useConfig).cwd,
        outcome.config?.config.baseline ?? store.settings.baseline ?? DEFAULT_BASELINE_FILE,
      );
    try {
      await addToBaseline(file, finding, outcome.cwd);
    } catch (error) {
      void connection.window.showErrorMessage(`vottur: ${errorMessage(error)}`);
      return null;
    }
    store.scheduleAll();
    return { baseline: file };
  });
}

function sameData(a: DiagnosticData | undefined, b: DiagnosticData | undefined): boolean {
  return (
    a !== undefined &&
    b !== undefined &&
    a.root === b.root &&
    a.pointer === b.pointer &&
    a.fingerprint === b.fingerprint
  );
}

/**
 * Adds one finding to a baseline file (written whole or not at all), as `--update-baseline` would
 * write its entry; the entries already there stay as they are.
 */
export async function addToBaseline(file: string, finding: Finding, cwd: string): Promise<void> {
  let baseline: BaselineFile = { vottur: 'baseline', version: 1, entries: [] };
  try {
    baseline = await readBaseline(file, basename(file), cwd);
  } catch (error) {
    if (errorCode(error) !== undefined || !/no such file/.test(errorMessage(error))) throw error;
  }
  // A finding is offered for the baseline only once fingerprinted, as the CLI's baseline entries are.
  const fingerprint = finding.fingerprint;
  if (fingerprint === undefined) throw new Error(`the finding of ${finding.ruleId} has no fingerprint to baseline`);
  const document = baselineDocument(finding.document, cwd, dirname(file));
  const existing = baseline.entries.find((entry) => entry.document === document && entry.fingerprint === fingerprint);
  if (existing) existing.count = (existing.count ?? 1) + 1;
  else
    baseline.entries.push({
      document,
      rule: finding.ruleId,
      pointer: finding.pointer,
      fingerprint,
      count: 1,
      message: maskNationalIds(finding.message),
    });
  baseline.entries.sort(
    (a, b) =>
      a.document.localeCompare(b.document) ||
      a.rule.localeCompare(b.rule) ||
      a.pointer.localeCompare(b.pointer) ||
      a.fingerprint.localeCompare(b.fingerprint),
  );
  // Through the one writer, inside the repository as a baseline the CLI writes (src/runtime/safe-write.ts).
  assertWritableInside(file, { what: 'the baseline', shown: basename(file), root: namedFileRoot(cwd) });
  writeFileAtomically(file, serializeBaseline(baseline), basename(file), cwd);
}
