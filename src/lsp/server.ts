/**
 * vottur's language server: the linter, its configuration, suppressions and baseline, as the
 * editor's diagnostics, with hover, navigation over `$ref`s, completion and quick fixes. Built
 * on Microsoft's `vscode-languageserver`; `startLanguageServer` speaks LSP over any pair of
 * streams (the CLI passes standard input and output).
 *
 * Linting follows the editor's text (incremental sync), never the saved file: each open
 * OpenAPI 3.x / Swagger 2.0 document is a description's root, linted after every change. A lint
 * that a newer change overtakes is dropped unpublished, and the newest text linted next. Findings
 * in other files of a multi-file description are published on those files, and a change to any
 * of them (in the editor or on disk) lints the root again.
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isMap, isScalar } from 'yaml';
import {
  CodeActionKind,
  createConnection,
  DiagnosticSeverity,
  DiagnosticTag,
  FileChangeType,
  MarkupKind,
  TextDocuments,
  TextDocumentSyncKind,
  type CodeAction,
  type Connection,
  type Diagnostic,
  type InitializeParams,
  type Location,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { errorCode, errorMessage } from '../errors.js';
import { CONFIG_FILE_NAMES, DEFAULT_BASELINE_FILE } from '../paths.js';
import { counts, type Finding, type RuleMeta } from '../report/finding.js';
import { maskNationalIds } from '../pii.js';
import { suppressibleRules } from '../config/rule-catalogue.js';
import { platformIncrementalLinter } from '../lint/incremental.js';
import { sizeHeapFor } from './heap.js';
import { X_CATEGORY_VALUES, X_PRICING_VALUES } from '../../rulesets/lib/conventions.js';
import { baselineDocument, readBaseline, serializeBaseline, type BaselineFile } from '../baseline/index.js';
import { lintDescriptionText, runFolder, type LintOutcome } from './linting.js';
import { Syntax, type JsonPath } from './syntax.js';
import { ruleDoc } from './rule-docs.js';
import { componentAt, refAt, refTarget, samePath } from './navigation.js';
import { completionsAt } from './completion.js';
import { suppressionEdit } from './suppress-edit.js';
import { engineFixes, fixActionsFor, type FixProvider } from './fixes.js';

/** How findings the baseline holds are shown: as hints (faded), or not at all. */
export type BaselinedDisplay = 'hint' | 'hide';

export interface ServerSettings {
  baselined: BaselinedDisplay;
  /** A baseline file (relative to the project's folder) when the configuration names none. */
  baseline?: string;
  /** False: ignore vottur.config.yaml files. */
  useConfig: boolean;
}

export const DEFAULT_SETTINGS: ServerSettings = { baselined: 'hint', useConfig: true };

/** The command behind "add to the baseline". */
export const ADD_TO_BASELINE = 'vottur.addToBaseline';

/**
 * Whether a text is an API description: an `openapi` or `swagger` key at its top level. YAML's
 * top-level keys start a line; JSON is parsed (the key may come after megabytes of `components`).
 * JSON that does not parse (mid-edit) counts when it has the key anywhere, so a description being
 * typed into stays one.
 */
export function isDescriptionText(text: string): boolean {
  if (/^["']?(?:openapi|swagger)["']?\s*:/m.test(text)) return true;
  if (!/^\s*\{/.test(text)) return false;
  try {
    const data: unknown = JSON.parse(text);
    return (
      typeof data === 'object' &&
      data !== null &&
      (Object.prototype.hasOwnProperty.call(data, 'openapi') || Object.prototype.hasOwnProperty.call(data, 'swagger'))
    );
  } catch {
    return /"(?:openapi|swagger)"\s*:/.test(text);
  }
}

const SEVERITY: Record<Finding['severity'], DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warn: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** What a diagnostic carries back to the server for hover and code actions. */
interface DiagnosticData {
  root: string;
  fingerprint?: string;
  pointer: string;
  path: JsonPath;
  baselined?: boolean;
}

const toPath = (uri: string) => (uri.startsWith('file:') ? fileURLToPath(uri) : uri);
const toUri = (path: string) => pathToFileURL(path).href;

export interface ServerOptions {
  /** Fixes computed from the document, turned into quick fixes (default: the fix engine's). */
  fixes?: FixProvider;
}

/** Wires vottur's handlers to a connection (the caller has created it) and starts listening. */
export function serveConnection(connection: Connection, options: ServerOptions = {}): void {
  const documents = new TextDocuments(TextDocument);
  let settings: ServerSettings = { ...DEFAULT_SETTINGS };
  /**
   * Whether the client said the workspace is trusted (`initializationOptions.trustedWorkspace`).
   * Untrusted (the default), the rulesets its configuration extends are loaded by the gate's
   * loader: as data, never as code (docs/editors.md#workspace-trust).
   */
  let workspaceTrusted = false;
  let snippetEdits = false;
  let watchRegistration = false;
  let workspaceFolder: string | undefined;
  // The rule ids completion offers (those an in-document suppression may name), from the one catalogue.
  const rules: Promise<RuleMeta[]> = suppressibleRules();
  // Keeps each open description's previous version, so an edit re-runs rules only where it can matter.
  const linter = platformIncrementalLinter();
  // The client's own URI for each open file, so diagnostics go back under the name it used.
  const clientUris = new Map<string, string>();
  const uriOf = (path: string) => clientUris.get(path) ?? toUri(path);

  /** Roots: open description files. */
  const roots = new Set<string>();
  const outcomes = new Map<string, LintOutcome>();
  /** Per root, a counter bumped by every change that concerns it; a lint whose counter moved on is dropped. */
  const generations = new Map<string, number>();
  const running = new Set<string>();
  /** Published diagnostics by file, by the root they came from. */
  const published = new Map<string, Map<string, Array<{ diagnostic: Diagnostic; finding?: Finding }>>>();
  const listeners: Array<(root: string, outcome: LintOutcome) => void> = [];

  const overlay = (path: string) => documents.get(uriOf(path))?.getText();
  const openTexts = () =>
    new Map(
      documents
        .all()
        .filter((document) => document.uri.startsWith('file:'))
        .map((document) => [toPath(document.uri), document.getText()]),
    );
  const textOf = (path: string): string | undefined => {
    const held = overlay(path);
    if (held !== undefined) return held;
    try {
      return readFileSync(path, 'utf8');
    } catch {
      return undefined;
    }
  };

  function toDiagnostic(finding: Finding, root: string): Diagnostic | undefined {
    if (!counts(finding) && finding.baselineState !== 'unchanged') return undefined;
    const baselined = finding.baselineState === 'unchanged';
    if (baselined && settings.baselined === 'hide') return undefined;
    const line = (finding.line ?? 1) - 1;
    const character = (finding.column ?? 1) - 1;
    const data: DiagnosticData = {
      root,
      pointer: finding.pointer,
      path: finding.path,
      ...(finding.fingerprint ? { fingerprint: finding.fingerprint } : {}),
      ...(baselined ? { baselined } : {}),
    };
    return {
      range: {
        start: { line, character },
        end: {
          line: (finding.endLine ?? finding.line ?? 1) - 1,
          character: (finding.endColumn ?? finding.column ?? 1) - 1,
        },
      },
      severity: baselined ? DiagnosticSeverity.Hint : SEVERITY[finding.severity],
      code: finding.ruleId,
      codeDescription: { href: finding.docsUrl },
      source: 'vottur',
      message: baselined ? `${finding.message} (in the baseline)` : finding.message,
      ...(baselined ? { tags: [DiagnosticTag.Unnecessary] } : {}),
      data,
    };
  }

  function publish(root: string, outcome: LintOutcome | undefined): void {
    const byFile = new Map<string, Array<{ diagnostic: Diagnostic; finding?: Finding }>>();
    for (const finding of outcome?.findings ?? []) {
      const diagnostic = toDiagnostic(finding, root);
      if (!diagnostic) continue;
      const list = byFile.get(finding.document) ?? [];
      list.push({ diagnostic, finding });
      byFile.set(finding.document, list);
    }
    if (outcome?.failure) {
      const file = outcome.failure.file ?? root;
      const line = (outcome.failure.line ?? 1) - 1;
      const character = (outcome.failure.column ?? 1) - 1;
      const list = byFile.get(file) ?? [];
      list.push({
        diagnostic: {
          range: { start: { line, character }, end: { line, character: character + 1 } },
          severity: DiagnosticSeverity.Error,
          source: 'vottur',
          code: 'vottur-unreadable',
          message: outcome.failure.message,
        },
      });
      byFile.set(file, list);
    }
    if (outcome) for (const file of outcome.files) if (!byFile.has(file)) byFile.set(file, []);
    const touched = new Set<string>(byFile.keys());
    for (const [file, byRoot] of published) if (byRoot.has(root)) touched.add(file);
    // The root's own file last: a client that waits for it has every other file's by then.
    for (const file of [...touched].sort((a, b) => Number(a === root) - Number(b === root))) {
      const byRoot = published.get(file) ?? new Map<string, Array<{ diagnostic: Diagnostic; finding?: Finding }>>();
      const mine = byFile.get(file);
      if (mine && mine.length > 0) byRoot.set(root, mine);
      else byRoot.delete(root);
      if (byRoot.size === 0) published.delete(file);
      else published.set(file, byRoot);
      const all = [...byRoot.values()].flat().map((entry) => entry.diagnostic);
      void connection.sendDiagnostics({ uri: uriOf(file), diagnostics: all });
    }
  }

  /** Lints a root now, or again once the lint under way ends; only the newest text's result is published. */
  function schedule(root: string): void {
    generations.set(root, (generations.get(root) ?? 0) + 1);
    if (running.has(root)) return;
    running.add(root);
    void (async () => {
      try {
        for (;;) {
          // Let changes already received arrive before reading the text.
          await new Promise((next) => setImmediate(next));
          if (!roots.has(root)) return;
          const generation = generations.get(root);
          const texts = openTexts();
          sizeHeapFor(Math.max(0, ...[...roots].map((open) => texts.get(open)?.length ?? 0)));
          let outcome: LintOutcome;
          try {
            outcome = await lintDescriptionText({
              root,
              texts,
              noConfig: !settings.useConfig,
              trusted: workspaceTrusted,
              ...(settings.baseline ? { baseline: settings.baseline } : {}),
              linter: await linter,
            });
          } catch (error) {
            connection.console.error(`vottur: could not lint ${root}: ${errorMessage(error)}`);
            return;
          }
          // A newer change came while linting: this result is already out of date.
          if (generations.get(root) !== generation) continue;
          if (!roots.has(root)) return;
          outcomes.set(root, outcome);
          publish(root, outcome);
          for (const listener of listeners) listener(root, outcome);
          return;
        }
      } finally {
        running.delete(root);
      }
    })();
  }

  /** Roots whose description was built from `file` (or which are `file`). */
  const rootsUsing = (file: string) =>
    [...roots].filter((root) => root === file || outcomes.get(root)?.files.includes(file));

  function changed(file: string): void {
    if (
      CONFIG_FILE_NAMES.includes(basename(file) as never) ||
      basename(file) === DEFAULT_BASELINE_FILE ||
      [...outcomes.values()].some((outcome) => outcome.baseline === file)
    ) {
      for (const root of roots) schedule(root);
      return;
    }
    for (const root of rootsUsing(file)) schedule(root);
  }

  function considered(document: TextDocument): void {
    const path = toPath(document.uri);
    if (!document.uri.startsWith('file:')) return;
    clientUris.set(path, document.uri);
    if (isDescriptionText(document.getText())) {
      roots.add(path);
      schedule(path);
    } else if (roots.delete(path)) {
      outcomes.delete(path);
      publish(path, undefined);
      void linter.then((incremental) => incremental.forget(path));
    }
    for (const root of rootsUsing(path)) if (root !== path) schedule(root);
  }

  connection.onInitialize((params: InitializeParams) => {
    // Only the client, at start-up, says a workspace is trusted: never a setting the workspace
    // itself can write (didChangeConfiguration carries workspace settings).
    workspaceTrusted =
      (params.initializationOptions as { trustedWorkspace?: unknown } | null | undefined)?.trustedWorkspace === true;
    snippetEdits = Boolean(params.capabilities.workspace?.workspaceEdit?.snippetEditSupport);
    watchRegistration = Boolean(params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration);
    const folder = params.workspaceFolders?.[0]?.uri ?? params.rootUri ?? undefined;
    if (folder) workspaceFolder = toPath(folder);
    settings = { ...settings, ...readSettings(params.initializationOptions) };
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        hoverProvider: true,
        definitionProvider: true,
        referencesProvider: true,
        completionProvider: { triggerCharacters: ['#', '/', ' ', '-', '"', "'", '['] },
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
        executeCommandProvider: { commands: [ADD_TO_BASELINE] },
      },
      serverInfo: { name: 'vottur' },
    };
  });

  connection.onInitialized(async () => {
    if (watchRegistration) {
      await connection.client.register(
        (await import('vscode-languageserver/node')).DidChangeWatchedFilesNotification.type,
        {
          watchers: [{ globPattern: '**/*.{yaml,yml,json}' }],
        },
      );
    }
  });

  connection.onDidChangeConfiguration((change) => {
    const vottur = (change.settings as { vottur?: unknown } | undefined)?.vottur;
    if (vottur === undefined) return;
    settings = { ...settings, ...readSettings(vottur) };
    for (const root of roots) schedule(root);
  });

  documents.onDidOpen((event) => considered(event.document));
  documents.onDidChangeContent((event) => considered(event.document));
  documents.onDidSave((event) => changed(toPath(event.document.uri)));
  documents.onDidClose((event) => {
    const path = toPath(event.document.uri);
    if (roots.delete(path)) {
      outcomes.delete(path);
      publish(path, undefined);
      void linter.then((incremental) => incremental.forget(path));
    }
    // Other roots built from this file read it from disk again.
    for (const root of rootsUsing(path)) schedule(root);
    clientUris.delete(path);
  });

  connection.onDidChangeWatchedFiles((params) => {
    for (const change of params.changes) {
      const path = toPath(change.uri);
      // A file the editor holds open is followed through its text, not the disk.
      if (change.type !== FileChangeType.Deleted && documents.get(change.uri)) continue;
      changed(path);
    }
  });

  const syntaxOf = (path: string): Syntax | undefined => {
    const text = textOf(path);
    return text === undefined ? undefined : new Syntax(text);
  };
  /** The folder `$ref`s may lead within: the workspace, else the file's own folder. */
  const folderOf = (path: string) =>
    workspaceFolder && !path.startsWith('..') && resolve(path).startsWith(workspaceFolder)
      ? workspaceFolder
      : dirname(path);

  connection.onHover((params) => {
    const path = toPath(params.textDocument.uri);
    const entries = [...(published.get(path)?.values() ?? [])].flat();
    const position = params.position;
    const inRange = (range: Diagnostic['range']) =>
      (position.line > range.start.line ||
        (position.line === range.start.line && position.character >= range.start.character)) &&
      (position.line < range.end.line ||
        (position.line === range.end.line && position.character <= range.end.character));
    const parts: string[] = [];
    const syntax = syntaxOf(path);
    // On a `$ref`, its target comes first: that is what the cursor is on.
    const ref = syntax && refAt(syntax, position);
    if (ref) {
      const target = refTarget(ref.ref, path, folderOf(path));
      const excerpt = target && syntaxOf(target.file)?.excerpt(target.pointer, 12);
      if (target && excerpt !== undefined)
        parts.push(
          `\`${ref.ref}\`${target.file === path ? '' : ` (${basename(target.file)})`}\n\n\`\`\`${target.file.endsWith('.json') ? 'json' : 'yaml'}\n${excerpt}\n\`\`\``,
        );
    }
    for (const { diagnostic } of entries) {
      if (!inRange(diagnostic.range) || typeof diagnostic.code !== 'string') continue;
      // A finding on the whole path item or operation spans every line of it: on a `$ref` inside,
      // it is not what the cursor is on (it still shows on its own first line).
      if (
        ref &&
        diagnostic.range.end.line > diagnostic.range.start.line &&
        diagnostic.range.start.line !== position.line
      )
        continue;
      const doc = ruleDoc(diagnostic.code);
      const lines = [
        `**${diagnostic.code}**${doc ? `: ${doc.summary}` : ''}`,
        '',
        maskNationalIds(typeof diagnostic.message === 'string' ? diagnostic.message : diagnostic.message.value),
      ];
      if (doc?.why) lines.push('', `*Why:* ${doc.why}`);
      if (doc?.howToFix) lines.push('', `*How to fix:* ${doc.howToFix}`);
      if (diagnostic.codeDescription) lines.push('', `[${diagnostic.code}](${diagnostic.codeDescription.href})`);
      parts.push(lines.join('\n'));
    }
    if (syntax) {
      const at = syntax.at(position);
      const field = at?.path.find((segment) => segment === 'x-category' || segment === 'x-pricing');
      if (field && at?.path[0] === 'info') {
        const values = field === 'x-category' ? X_CATEGORY_VALUES : X_PRICING_VALUES;
        parts.push(
          `\`${field}\`: a list of ${values.map((value) => `\`${value}\``).join(', ')} (lower case), e.g. \`${field}: [${values[0]}]\`.`,
        );
      }
    }
    if (parts.length === 0) return null;
    return { contents: { kind: MarkupKind.Markdown, value: parts.join('\n\n---\n\n') } };
  });

  connection.onDefinition((params) => {
    const path = toPath(params.textDocument.uri);
    const syntax = syntaxOf(path);
    const ref = syntax && refAt(syntax, params.position);
    if (!ref) return null;
    const target = refTarget(ref.ref, path, folderOf(path));
    if (!target) return null;
    const range = syntaxOf(target.file)?.rangeAt(target.pointer);
    if (!range) return null;
    return { uri: uriOf(target.file), range } satisfies Location;
  });

  connection.onReferences((params) => {
    const path = toPath(params.textDocument.uri);
    const syntax = syntaxOf(path);
    if (!syntax) return null;
    const ref = refAt(syntax, params.position);
    const target = ref
      ? refTarget(ref.ref, path, folderOf(path))
      : (() => {
          const component = componentAt(syntax, params.position);
          return component ? { file: path, pointer: component } : undefined;
        })();
    if (!target) return null;
    // Every file of every description this file belongs to, and every open file.
    const files = new Set<string>([path, target.file, ...documents.all().map((document) => toPath(document.uri))]);
    for (const outcome of outcomes.values())
      if (outcome.files.includes(path) || outcome.files.includes(target.file))
        for (const file of outcome.files) files.add(file);
    const locations: Location[] = [];
    for (const file of files) {
      const other = file === path ? syntax : syntaxOf(file);
      for (const found of other?.refs() ?? []) {
        const leads = refTarget(found.ref, file, folderOf(file));
        if (leads && leads.file === target.file && samePath(leads.pointer, target.pointer))
          locations.push({ uri: uriOf(file), range: found.range });
      }
    }
    if (params.context.includeDeclaration) {
      const range = syntaxOf(target.file)?.rangeAt(target.pointer);
      if (range) locations.unshift({ uri: uriOf(target.file), range });
    }
    return locations;
  });

  connection.onCompletion(async (params) => {
    const path = toPath(params.textDocument.uri);
    const text = textOf(path);
    if (text === undefined) return [];
    const components: JsonPath[] = [];
    try {
      const syntax = new Syntax(text);
      const add = (container: JsonPath) => {
        const node = syntax.nodeAt(container);
        if (isMap(node))
          for (const pair of node.items)
            components.push([...container, isScalar(pair.key) ? String(pair.key.value) : String(pair.key)]);
      };
      const top = syntax.nodeAt(['components']);
      if (isMap(top))
        for (const pair of top.items)
          add(['components', isScalar(pair.key) ? String(pair.key.value) : String(pair.key)]);
      for (const container of ['definitions', 'parameters', 'responses']) add([container]);
    } catch {
      // Text mid-edit: values still complete.
    }
    return completionsAt(text, params.position, { rules: await rules, components, json: /^\s*[{[]/.test(text) }).map(
      (entry) => ({
        label: entry.label,
        kind:
          entry.kind === 'reference' ? 18 /* Reference */ : entry.kind === 'rule' ? 14 /* Keyword */ : 12 /* Value */,
        ...(entry.detail ? { detail: entry.detail } : {}),
        ...(entry.documentation ? { documentation: entry.documentation } : {}),
        ...(entry.insertText ? { insertText: entry.insertText } : {}),
      }),
    );
  });

  connection.onCodeAction(async (params) => {
    const path = toPath(params.textDocument.uri);
    const document = documents.get(params.textDocument.uri);
    if (!document) return [];
    const entries = [...(published.get(path)?.values() ?? [])].flat();
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
      const outcome = outcomes.get(data.root);
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
              texts: openTexts(),
              uriOf,
            })),
          );
        } catch (error) {
          // The text changed under the request (it no longer parses): no fix now, the next lint says why.
          connection.console.warn(`vottur: no fixes for ${finding.ruleId}: ${errorMessage(error)}`);
        }
      }
      if (data.baselined) continue;
      const edit = suppressionEdit(new Syntax(document.getText()), finding.path, finding.ruleId, snippetEdits);
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
    const outcome = argument && outcomes.get(argument.root);
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
        runFolder(argument.root, !settings.useConfig).cwd,
        outcome.config?.config.baseline ?? settings.baseline ?? DEFAULT_BASELINE_FILE,
      );
    try {
      await addToBaseline(file, finding, outcome.cwd);
    } catch (error) {
      void connection.window.showErrorMessage(`vottur: ${errorMessage(error)}`);
      return null;
    }
    for (const root of roots) schedule(root);
    return { baseline: file };
  });

  documents.listen(connection);
  connection.listen();
  // Tests and the benchmarks hear each published lint.
  serverHooks.set(connection, { onLinted: (listener) => void listeners.push(listener) });
}

/** For in-process callers (the benchmarks): a hook on each lint the server publishes. */
export const serverHooks = new WeakMap<
  Connection,
  { onLinted(listener: (root: string, outcome: LintOutcome) => void): void }
>();

function sameData(a: DiagnosticData | undefined, b: DiagnosticData | undefined): boolean {
  return (
    a !== undefined &&
    b !== undefined &&
    a.root === b.root &&
    a.pointer === b.pointer &&
    a.fingerprint === b.fingerprint
  );
}

function readSettings(value: unknown): Partial<ServerSettings> {
  if (typeof value !== 'object' || value === null) return {};
  const given = value as Record<string, unknown>;
  return {
    ...(given.baselined === 'hint' || given.baselined === 'hide' ? { baselined: given.baselined } : {}),
    ...(typeof given.baseline === 'string' && given.baseline !== '' ? { baseline: given.baseline } : {}),
    ...(typeof given.useConfig === 'boolean' ? { useConfig: given.useConfig } : {}),
  };
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
  const temp = join(dirname(file), `.${basename(file)}.${process.pid}.tmp`);
  try {
    writeFileSync(temp, serializeBaseline(baseline));
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw new Error(`cannot write ${basename(file)}: ${errorCode(error) ?? errorMessage(error)}`, { cause: error });
  }
}

/** `vottur lsp`: the server over two streams (standard input and output by default). */
export function startLanguageServer(
  streams: { input?: NodeJS.ReadableStream; output?: NodeJS.WritableStream } = {},
  options: ServerOptions = {},
): Connection {
  const connection = createConnection(streams.input ?? process.stdin, streams.output ?? process.stdout);
  serveConnection(connection, options);
  return connection;
}
