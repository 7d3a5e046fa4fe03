/**
 * The language server's one room of state: the open documents (the editor's text, never the saved
 * file) and their versions, which of them are descriptions' roots, each root's last lint and the
 * diagnostics published from it, and the settings the client gave. The handlers (./handlers/*)
 * read it and ask it to lint; nothing else holds state between requests.
 *
 * Each open OpenAPI 3.x / Swagger 2.0 document is a description's root, linted after every change.
 * A lint that a newer change overtakes is dropped unpublished, and the newest text linted next.
 * Findings in other files of a multi-file description are published on those files, and a change
 * to any of them (in the editor or on disk) lints the root again.
 */
import { realpathSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  DiagnosticSeverity,
  DiagnosticTag,
  TextDocuments,
  type Connection,
  type Diagnostic,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { errorMessage } from '../errors.js';
import { maskNationalIds } from '../pii.js';
import { MAX_FILE_BYTES } from '../lint/load.js';
import { isInside, readRegularFileSync, resolveInsideSync } from '../runtime/safe-read.js';
import { CONFIG_FILE_NAMES, DEFAULT_BASELINE_FILE } from '../paths.js';
import { counts, type Finding, type RuleMeta } from '../report/finding.js';
import { suppressibleRules } from '../run/rule-catalogue.js';
import { platformIncrementalLinter } from '../lint/incremental.js';
import { sizeHeapFor } from './heap.js';
import { lintDescriptionText, type LintOutcome } from './linting.js';
import { Syntax, type JsonPath } from './syntax.js';

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

/** What the client said it can do, as the handlers need it. */
export interface ClientCapabilities {
  /** Workspace edits may carry snippets (a suppression's reason as a placeholder). */
  snippetEdits: boolean;
  /** The server may register a file watcher. */
  watchRegistration: boolean;
}

/** What a diagnostic carries back to the server for hover and code actions. */
export interface DiagnosticData {
  root: string;
  fingerprint?: string;
  pointer: string;
  path: JsonPath;
  baselined?: boolean;
}

/** A published diagnostic and the finding it shows (none for a description that cannot be read). */
export interface PublishedEntry {
  diagnostic: Diagnostic;
  finding?: Finding;
}

const SEVERITY: Record<Finding['severity'], DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warn: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

export const toPath = (uri: string) => (uri.startsWith('file:') ? fileURLToPath(uri) : uri);
const toUri = (path: string) => pathToFileURL(path).href;

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

/**
 * A file on disk the language server shows (a `$ref`'s target in a hover, go to definition, a
 * fix's edits), through the linter's one bounded reader (src/runtime/safe-read.ts): followed one
 * symbolic link at a time and never past `folder`, a regular file only (not /dev/zero, not a FIFO
 * or /dev/stdin, which would take the server's own input), of at most MAX_FILE_BYTES, as the
 * linter's loader reads the same files. Undefined when it may not be read, whatever the reason:
 * a hover never tells whether a file outside the folder exists.
 */
export function readInsideFolder(path: string, folder: string): string | undefined {
  try {
    let real: string;
    try {
      real = realpathSync(folder);
    } catch {
      real = resolve(folder);
    }
    const resolved = resolveInsideSync(resolve(path), real, resolve(folder));
    if (resolved.path === undefined) return undefined;
    return readRegularFileSync(resolved.path, {
      refuse: (why) => new Error(why),
      maxBytes: MAX_FILE_BYTES,
    }).toString('utf8');
  } catch {
    return undefined;
  }
}

export class DocumentStore {
  /** The open documents, as the editor holds them (text and version). */
  readonly documents = new TextDocuments(TextDocument);
  settings: ServerSettings = { ...DEFAULT_SETTINGS };
  /**
   * Whether the client said the workspace is trusted (`initializationOptions.trustedWorkspace`).
   * Untrusted (the default), the rulesets its configuration extends are loaded by the gate's
   * loader: as data, never as code (docs/editors.md#workspace-trust).
   */
  workspaceTrusted = false;
  /**
   * The folders trust covers: every workspace folder and the root the client named at start-up.
   * A document opened from anywhere else is linted untrusted (issue 34, B2).
   */
  trustedFolders: string[] = [];
  workspaceFolder: string | undefined;
  // The rule ids completion offers (those an in-document suppression may name), from the one catalogue.
  readonly rules: Promise<RuleMeta[]> = suppressibleRules();
  // Keeps each open description's previous version, so an edit re-runs rules only where it can matter.
  private readonly linter = platformIncrementalLinter();
  // The client's own URI for each open file, so diagnostics go back under the name it used.
  private readonly clientUris = new Map<string, string>();
  /** Roots: open description files. */
  readonly roots = new Set<string>();
  /** Each root's last lint. */
  readonly outcomes = new Map<string, LintOutcome>();
  /** Per root, a counter bumped by every change that concerns it; a lint whose counter moved on is dropped. */
  private readonly generations = new Map<string, number>();
  private readonly running = new Set<string>();
  /** Published diagnostics by file, by the root they came from. */
  private readonly published = new Map<string, Map<string, PublishedEntry[]>>();
  private readonly listeners: Array<(root: string, outcome: LintOutcome) => void> = [];
  /**
   * Every open file's text, by path, kept in place as documents open, change and close: rebuilt
   * for each lint after a change it was quadratic in open files (x35: 2.6 s of 31 over 1,239
   * fixtures). A lint that reads a text changed while it ran is discarded by its generation.
   */
  private readonly texts = new Map<string, string>();
  /** The files each root's published diagnostics are on (publish() clears a root's without walking every file). */
  private readonly publishedBy = new Map<string, Set<string>>();
  /** The roots each file was read for in their last lint, the inverse of the outcomes' `files` (looked up on every open and change). */
  private readonly usedBy = new Map<string, Set<string>>();

  constructor(private readonly connection: Connection) {}

  uriOf(path: string): string {
    return this.clientUris.get(path) ?? toUri(path);
  }

  /** Every open file's text, by path. */
  openTexts(): ReadonlyMap<string, string> {
    return this.texts;
  }

  /**
   * The editor's text of a file it holds open, else the file's on disk, read as the linter reads a
   * description's files (readInsideFolder): within `folder` (the folder of the file whose `$ref`
   * led here; by default the file's own), never through a link out of it, a regular file only.
   */
  textOf(path: string, folder: string = this.folderOf(path)): string | undefined {
    const held = this.documents.get(this.uriOf(path))?.getText();
    if (held !== undefined) return held;
    return readInsideFolder(path, folder);
  }

  syntaxOf(path: string, folder?: string): Syntax | undefined {
    const text = this.textOf(path, folder);
    return text === undefined ? undefined : Syntax.read(text);
  }

  /** The folder `$ref`s may lead within: the workspace, else the file's own folder. */
  folderOf(path: string): string {
    return this.workspaceFolder && isInside(resolve(path), resolve(this.workspaceFolder))
      ? this.workspaceFolder
      : dirname(path);
  }

  /** The diagnostics published on a file, from every root. */
  publishedOn(path: string): PublishedEntry[] {
    return [...(this.published.get(path)?.values() ?? [])].flat();
  }

  /** Hears each published lint (tests and the benchmarks). */
  onLinted(listener: (root: string, outcome: LintOutcome) => void): void {
    this.listeners.push(listener);
  }

  private toDiagnostic(finding: Finding, root: string): Diagnostic | undefined {
    if (!counts(finding) && finding.baselineState !== 'unchanged') return undefined;
    const baselined = finding.baselineState === 'unchanged';
    if (baselined && this.settings.baselined === 'hide') return undefined;
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
      // Masked as every report masks it (o34r17 B14): diagnostics reach editor logs and LSP clients in CI.
      message: maskNationalIds(baselined ? `${finding.message} (in the baseline)` : finding.message),
      ...(baselined ? { tags: [DiagnosticTag.Unnecessary] } : {}),
      data,
    };
  }

  private publish(root: string, outcome: LintOutcome | undefined): void {
    const byFile = new Map<string, PublishedEntry[]>();
    for (const finding of outcome?.findings ?? []) {
      const diagnostic = this.toDiagnostic(finding, root);
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
          code: outcome.failure.rule ?? 'vottur-unreadable',
          message: maskNationalIds(outcome.failure.message),
        },
      });
      byFile.set(file, list);
    }
    if (outcome) for (const file of outcome.files) if (!byFile.has(file)) byFile.set(file, []);
    const touched = new Set<string>(byFile.keys());
    for (const file of this.publishedBy.get(root) ?? []) touched.add(file);
    const mineNow = new Set<string>();
    // The root's own file last: a client that waits for it has every other file's by then.
    for (const file of [...touched].sort((a, b) => Number(a === root) - Number(b === root))) {
      const byRoot = this.published.get(file) ?? new Map<string, PublishedEntry[]>();
      const mine = byFile.get(file);
      if (mine && mine.length > 0) {
        byRoot.set(root, mine);
        mineNow.add(file);
      } else byRoot.delete(root);
      if (byRoot.size === 0) this.published.delete(file);
      else this.published.set(file, byRoot);
      const all = [...byRoot.values()].flat().map((entry) => entry.diagnostic);
      void this.connection.sendDiagnostics({ uri: this.uriOf(file), diagnostics: all });
    }
    if (mineNow.size > 0) this.publishedBy.set(root, mineNow);
    else this.publishedBy.delete(root);
  }

  /** Lints a root now, or again once the lint under way ends; only the newest text's result is published. */
  schedule(root: string): void {
    this.generations.set(root, (this.generations.get(root) ?? 0) + 1);
    if (this.running.has(root)) return;
    this.running.add(root);
    void (async () => {
      try {
        for (;;) {
          // Let changes already received arrive before reading the text.
          await new Promise((next) => setImmediate(next));
          if (!this.roots.has(root)) return;
          const generation = this.generations.get(root);
          const texts = this.openTexts();
          sizeHeapFor(Math.max(0, ...[...this.roots].map((open) => texts.get(open)?.length ?? 0)));
          let outcome: LintOutcome;
          try {
            outcome = await lintDescriptionText({
              root,
              texts,
              noConfig: !this.settings.useConfig,
              trustedFolders: this.workspaceTrusted ? this.trustedFolders : [],
              ...(this.settings.baseline ? { baseline: this.settings.baseline } : {}),
              linter: await this.linter,
            });
          } catch (error) {
            this.connection.console.error(`vottur: could not lint ${root}: ${errorMessage(error)}`);
            return;
          }
          // A newer change came while linting: this result is already out of date.
          if (this.generations.get(root) !== generation) continue;
          if (!this.roots.has(root)) return;
          this.setOutcome(root, outcome);
          this.publish(root, outcome);
          for (const listener of this.listeners) listener(root, outcome);
          return;
        }
      } finally {
        this.running.delete(root);
      }
    })();
  }

  /** Lints every root again (the settings or the baseline changed). */
  scheduleAll(): void {
    for (const root of this.roots) this.schedule(root);
  }

  /** Roots whose description was built from `file` (or which are `file`). */
  rootsUsing(file: string): string[] {
    const using = this.usedBy.get(file);
    return [...this.roots].filter((root) => root === file || using?.has(root));
  }

  private setOutcome(root: string, outcome: LintOutcome | undefined): void {
    for (const file of this.outcomes.get(root)?.files ?? []) {
      const using = this.usedBy.get(file);
      using?.delete(root);
      if (using?.size === 0) this.usedBy.delete(file);
    }
    if (outcome === undefined) {
      this.outcomes.delete(root);
      return;
    }
    this.outcomes.set(root, outcome);
    for (const file of outcome.files) {
      const using = this.usedBy.get(file) ?? new Set<string>();
      using.add(root);
      this.usedBy.set(file, using);
    }
  }

  /** A file changed on disk (saved, or changed by another program). */
  changed(file: string): void {
    if (
      CONFIG_FILE_NAMES.includes(basename(file) as never) ||
      basename(file) === DEFAULT_BASELINE_FILE ||
      [...this.outcomes.values()].some((outcome) => outcome.baseline === file)
    ) {
      this.scheduleAll();
      return;
    }
    for (const root of this.rootsUsing(file)) this.schedule(root);
  }

  /** An open document's text is new (opened or edited): a root when it is a description. */
  considered(document: TextDocument): void {
    const path = toPath(document.uri);
    if (!document.uri.startsWith('file:')) return;
    this.texts.set(path, document.getText());
    this.clientUris.set(path, document.uri);
    if (isDescriptionText(document.getText())) {
      this.roots.add(path);
      this.schedule(path);
    } else if (this.roots.delete(path)) this.dropRoot(path);
    for (const root of this.rootsUsing(path)) if (root !== path) this.schedule(root);
  }

  /** A document was closed: no longer a root; other roots built from it read it from disk again. */
  closed(uri: string): void {
    const path = toPath(uri);
    if (uri.startsWith('file:')) this.texts.delete(path);
    if (this.roots.delete(path)) this.dropRoot(path);
    for (const root of this.rootsUsing(path)) this.schedule(root);
    this.clientUris.delete(path);
  }

  private dropRoot(path: string): void {
    this.setOutcome(path, undefined);
    this.publish(path, undefined);
    void this.linter.then((incremental) => incremental.forget(path));
  }
}
