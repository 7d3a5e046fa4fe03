/**
 * `vottur lint --watch`: lint the descriptions once, then re-lint a description whenever one of its
 * files changes (the description itself or any local file its `$ref`s loaded) and say only what
 * changed: the findings that are new, the findings that are fixed, and the new score. A save that
 * cannot be read or parsed is one line; the watcher keeps the last good result and waits for the
 * next save. The file watching is chokidar's.
 */
import { stat } from 'node:fs/promises';
import { readGivenFile } from '../runtime/safe-read.js';
import { escapeLine } from '../runtime/escape.js';
import { dirname, relative, resolve } from 'node:path';
import { CouldNotRunError, errorMessage } from '../errors.js';
import { maskNationalIds } from '../pii.js';
import type { Finding, Report } from '../report/finding.js';
import { counts, summarise } from '../report/finding.js';
import { scoreLabel, scoreReport } from '../report/score.js';
import { SEVERITY_LABEL } from '../report/formatters/common.js';
import { expandPatterns, lintLoadedDescription, type DocumentSettings } from './files.js';
import { isRemote, loadDescription, MAX_FILE_BYTES, type LoadOptions } from './load.js';
import { platformRulesetLinter, type Linter } from './lint.js';
import { cwdOf } from '../runtime/process-defaults.js';

export interface WatchOptions extends LoadOptions {
  /** Paths are shown relative to this folder, and patterns are read from it (default: the working directory). */
  cwd?: string;
  showPii?: boolean;
  linter?: Linter;
  /** Where the text goes (lines end with a newline). */
  write: (text: string) => void;
  /** What each description's configuration adds to the lint (as `lintFiles` takes it). */
  settingsFor?: (file: string) => Promise<DocumentSettings | undefined>;
  /** The report as the team configured it (rule levels), before what changed is shown. */
  adjust?: (report: Report) => Promise<Report>;
  /** After each lint of a description: how long loading and linting took (the bench reads it). */
  onLinted?: (event: { description: string; ms: number; report?: Report }) => void;
}

export interface LintWatcher {
  /** Every file being watched, absolute. */
  watched(): string[];
  /** Stops watching; resolves when the watcher and any lint under way are done. */
  close(): Promise<void>;
}

interface DescriptionState {
  /** The finding lines last shown, by identity (rule, place, message). */
  findings: Map<string, Finding>;
  /** Local files the description was built from, absolute, with the text last linted. */
  files: Map<string, string>;
  linted: boolean;
}

/** How long a saved file must stay unchanged before it is linted (ms): part of every re-lint's latency. */
export const STABLE_MS = 25;

function findingKey(finding: Finding): string {
  return [finding.ruleId, finding.document, finding.pointer, finding.operation ?? '', finding.message].join('\u0000');
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** How often the files of a description whose last lint failed are compared with what was read. */
const RECHECK_MS = 500;

/**
 * A watched file's text, or undefined when it is not a regular file (gone, a folder, a FIFO or a
 * device, whose read would block for ever).
 */
async function readRegular(file: string, cwd: string): Promise<string | undefined> {
  // The bounded reader (o34r15 item 3): a regular file, within lint's size bound, read without blocking.
  return readGivenFile(file, { what: 'the file', cwd, maxBytes: MAX_FILE_BYTES })
    .then((bytes) => bytes.toString('utf8'))
    .catch(() => undefined);
}

/**
 * Lints `patterns` (files or globs, expanded once) and watches every file they were built from.
 * Resolves once the first lint is shown and the watcher is ready.
 */
export async function watchLint(patterns: string[], options: WatchOptions): Promise<LintWatcher> {
  const cwd = cwdOf(options);
  const write = options.write;
  const linter = options.linter ?? (await platformRulesetLinter());
  // Masked, and on one line with its control characters escaped: text from a description is hostile.
  const show = (text: string) => escapeLine(options.showPii ? text : maskNationalIds(text));
  const descriptions = (await expandPatterns(patterns, cwd)).map((file) => {
    if (isRemote(file) || file === '-')
      throw new CouldNotRunError(`--watch watches files: ${file} is not one; lint it without --watch`);
    return resolve(cwd, file);
  });
  const states = new Map<string, DescriptionState>(
    descriptions.map((d) => [d, { findings: new Map(), files: new Map([[d, '']]), linted: false }]),
  );
  /** A description's state: only the descriptions given are ever linted, and each has one. */
  const stateOf = (description: string): DescriptionState => {
    const state = states.get(description);
    if (state === undefined) throw new Error(`--watch keeps no state for ${description}`);
    return state;
  };
  const shown = (absolute: string) => relative(cwd, absolute) || absolute;
  /** Descriptions whose last lint failed (a file gone, not regular, not parsing): also checked on a timer. */
  const broken = new Set<string>();

  function line(finding: Finding, mark: string): string {
    const where = `${finding.document}${finding.line !== undefined ? `:${finding.line}:${finding.column ?? 1}` : ''}`;
    // The order and words of stylish's rows: place, severity, rule, message.
    return `${mark} ${show(where)}  ${SEVERITY_LABEL[finding.severity]}  ${finding.ruleId}  ${show(finding.message)}\n`;
  }

  /** Loads and lints one description; shows what changed since its last lint. */
  async function lintDescription(description: string): Promise<void> {
    const state = stateOf(description);
    const started = performance.now();
    let report: Report;
    try {
      // A root replaced by a FIFO or a device would block the read for ever: a failed save instead.
      const info = await stat(description).catch(() => undefined);
      if (info && !info.isFile()) throw new CouldNotRunError(`${shown(description)} is not a regular file`);
      const loaded = await loadDescription(description, {
        allowRemoteRefs: options.allowRemoteRefs,
        remoteTimeoutMs: options.remoteTimeoutMs,
        maxRemoteBytes: options.maxRemoteBytes,
      });
      const settings = await options.settingsFor?.(shown(description));
      report = await lintLoadedDescription(loaded, { cwd, linter, ...(settings ? { settings } : {}) });
      if (options.adjust) report = await options.adjust(report);
      const previous = state.files;
      state.files = new Map(
        [...loaded.files.values()].filter((file) => !isRemote(file.uri)).map((file) => [file.uri, file.text]),
      );
      state.files.set(description, loaded.files.get(loaded.rootUri)?.text ?? '');
      // A part this lint could not read (swapped for a link that leads outside, deleted) stays
      // watched: when it is put back, the description is linted again.
      for (const file of previous.keys())
        if (!state.files.has(file)) state.files.set(file, (await readRegular(file, cwd)) ?? '');
    } catch (error) {
      if (!(error instanceof CouldNotRunError)) throw error;
      options.onLinted?.({ description, ms: performance.now() - started });
      broken.add(description);
      // The files as they are now, so that the same broken save is not tried again.
      for (const file of state.files.keys()) state.files.set(file, (await readRegular(file, cwd)) ?? '');
      // Keep the last good result and the files it was built from; the next save tries again.
      const message = show(error.message);
      write(
        `${message.startsWith(shown(description)) ? '' : `${shown(description)}: `}${message}; waiting for the next save\n`,
      );
      return;
    }
    const ms = performance.now() - started;
    options.onLinted?.({ description, ms, report });
    broken.delete(description);
    // Findings held back by an inline suppression do not count, and are not shown as changes.
    const counted = report.findings.filter((finding) => counts(finding));
    const now = new Map(counted.map((finding) => [findingKey(finding), finding]));
    const added = [...now].filter(([key]) => !state.findings.has(key)).map(([, finding]) => finding);
    const fixed = [...state.findings].filter(([key]) => !now.has(key)).map(([, finding]) => finding);
    const first = !state.linted;
    state.findings = now;
    state.linted = true;
    const summary = summarise(counted);
    const totals = `${scoreLabel(scoreReport(report))}; ${plural(summary.error, 'error')}, ${plural(summary.warn, 'warning')}`;
    let text = '';
    for (const finding of fixed) text += line(finding, '-');
    for (const finding of added) text += line(finding, first ? ' ' : '+');
    if (first) text += `${shown(description)}: ${totals}\n`;
    else if (added.length === 0 && fixed.length === 0) text += `${shown(description)}: no change; ${totals}\n`;
    else
      text += `${shown(description)}: ${added.length} new, ${fixed.length} fixed; ${totals} (${Math.round(ms)} ms)\n`;
    write(text);
  }

  const watchedFiles = () => new Set([...states.values()].flatMap((state) => [...state.files.keys()]));
  for (const description of descriptions) await lintDescription(description);

  // One lint at a time; saves that arrive meanwhile are gathered and linted next.
  const pending = new Set<string>();
  let running: Promise<void> | undefined;
  let closed = false;
  const watchedFolders = new Set<string>();

  async function drain(): Promise<void> {
    while (pending.size > 0 && !closed) {
      const [description] = pending;
      if (description === undefined) break;
      pending.delete(description);
      const before = watchedFiles();
      try {
        await lintDescription(description);
      } catch (error) {
        // A defect, not a bad save: say it in one line and keep watching.
        write(`${shown(description)}: could not lint: ${errorMessage(error)}\n`);
      }
      // A save during the lint, or one whose event chokidar folded into an earlier one: lint again.
      // Only a file that has settled (the same text twice, STABLE_MS apart): one still being
      // written is chokidar's to report when it has.
      const state = stateOf(description);
      const read = async (file: string) => (await readRegular(file, cwd)) ?? '';
      const differing = [];
      for (const [file, text] of state.files) {
        const now = await read(file);
        if (now !== text) differing.push({ file, now });
      }
      if (differing.length > 0) {
        await new Promise((settled) => setTimeout(settled, STABLE_MS));
        for (const { file, now } of differing) if ((await read(file)) === now) pending.add(description);
      }
      const after = watchedFiles();
      const added = [...after].filter((file) => !before.has(file));
      const removed = [...before].filter((file) => !after.has(file));
      // The folders are watched, not the files: a file deleted and made again, swapped for a link
      // or a FIFO and back, is still seen (a watch on the file itself ends with it).
      const folders = [...new Set(added.map((file) => dirname(file)))].filter((folder) => !watchedFolders.has(folder));
      for (const folder of folders) watchedFolders.add(folder);
      if (folders.length > 0) watcher.add(folders);
      void removed;
    }
  }

  async function changed(path: string): Promise<void> {
    const file = resolve(cwd, path);
    const text = await readRegular(file, cwd);
    for (const [description, state] of states) {
      if (!state.files.has(file)) continue;
      // Editors and chokidar may report one save twice; a file as last linted needs no lint.
      if (text !== undefined && state.linted && state.files.get(file) === text) continue;
      pending.add(description);
    }
    kick();
  }

  function kick(): void {
    if (running || closed) return;
    running = drain().finally(() => {
      running = undefined;
      // A save that arrived as the last lint ended.
      if (pending.size > 0) kick();
    });
  }

  const { watch } = await import('chokidar');
  // A save seen halfway (truncated, not yet written) would lint an empty file: chokidar reports a
  // change once the file's size and time have held still for STABLE_MS.
  for (const file of watchedFiles()) watchedFolders.add(dirname(file));
  const watcher = watch([...watchedFolders], {
    ignoreInitial: true,
    persistent: true,
    depth: 0,
    awaitWriteFinish: { stabilityThreshold: STABLE_MS, pollInterval: 10 },
  });
  watcher.on('change', (path) => void changed(path));
  watcher.on('add', (path) => void changed(path));
  // A file deleted (an editor that saves by delete and rename, a part moved away): linted as it is
  // now, and watched still, so that the file made again is linted.
  watcher.on('unlink', (path) => void changed(path));
  watcher.on('error', (error) => write(`watching: ${errorMessage(error)}\n`));
  await new Promise<void>((ready) => watcher.once('ready', () => ready()));
  // A file watchers lose sight of (replaced by a FIFO, deleted and made again in one moment) is
  // still seen: while a description's last lint failed, its files are compared every RECHECK_MS.
  const recheck = setInterval(() => {
    if (running || closed || broken.size === 0) return;
    void (async () => {
      for (const description of broken) {
        const state = stateOf(description);
        for (const [file, text] of state.files)
          if (((await readRegular(file, cwd)) ?? '') !== text) pending.add(description);
      }
      if (pending.size > 0) kick();
    })();
  }, RECHECK_MS);
  recheck.unref();
  write(
    `Watching ${plural(watchedFiles().size, 'file')} of ${plural(descriptions.length, 'description')}; press Ctrl-C to stop.\n`,
  );

  return {
    watched: () => [...watchedFiles()].sort(),
    async close() {
      closed = true;
      clearInterval(recheck);
      await watcher.close();
      await running;
    },
  };
}
