/**
 * The rendering of a run: the `--format`/`--output` targets read from what the command line gave
 * (each `--output` belongs to the `--format` before it), and the report written to all of them.
 * How the options are spelt is the CLI's (src/cli/output.ts).
 */
import { accessSync, constants, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { counts, heldBackView, isDiffReport, summarise, type Report } from '../report/finding.js';
import { absoluteScore, scoreLabel, scoreReport } from '../report/score.js';
import { diffCountsText, versionVerdict } from '../report/formatters/diff.js';
import { loadFormat, type FormatName } from '../report/formatters/names.js';
import type { FormatContext } from '../report/formatters/types.js';
import { CouldNotRunError, errorCode } from '../errors.js';
import { namedFileRoot } from '../runtime/safe-read.js';
import {
  cannotWrite,
  commitStaged,
  discardStaged,
  refuseLeavingRepository,
  stageFile,
  writeToDevice,
  type StagedFile,
} from '../runtime/safe-write.js';

export interface OutputTarget {
  format: FormatName;
  /** A file path, or undefined for standard output. */
  output?: string;
  /** stylish: the most findings listed (0: all); the other formats always carry every finding. */
  maxProblems: number;
}

export interface OutputState {
  targets: Array<{ format?: FormatName; output?: string }>;
  maxProblems?: number;
}

/**
 * stylish lists this many findings by default, as Redocly CLI does: a terminal or CI log with
 * thousands of lines helps nobody (Stripe's description has 23,000 findings), and the summary line
 * still counts them all. The machine formats and the HTML report carry every finding.
 */
export const DEFAULT_MAX_PROBLEMS = 100;

/** Formats an `--output` file's name implies when no `--format` is given, by its ending (longest first). */
export const FORMAT_OF_EXTENSION: ReadonlyArray<readonly [string, FormatName]> = [
  ['.sarif.json', 'sarif'],
  ['.sarif', 'sarif'],
  ['.json', 'json'],
  ['.xml', 'junit'],
  ['.html', 'html'],
  ['.htm', 'html'],
  ['.md', 'markdown'],
  ['.markdown', 'markdown'],
];

/** The format a file name implies (`out.json` → json), or undefined. */
export function formatOfFile(file: string): FormatName | undefined {
  const name = file.toLowerCase();
  return FORMAT_OF_EXTENSION.find(([ending]) => name.endsWith(ending))?.[1];
}

export function outputTargets(state: OutputState, defaultFormat: FormatName = 'stylish'): OutputTarget[] {
  const maxProblems = state.maxProblems ?? DEFAULT_MAX_PROBLEMS;
  if (state.targets.length === 0) return [{ format: defaultFormat, maxProblems }];
  // An --output alone writes the default format, as ESLint's -o does; but where formats are given,
  // an --output with none before it (`-o x.txt -f json`) would silently write the wrong one.
  const stray = state.targets.find((t) => t.format === undefined);
  if (stray && state.targets.some((t) => t.format !== undefined)) {
    throw new CouldNotRunError(
      `--output ${stray.output} has no --format before it: each --output belongs to the --format before it, e.g. --format json --output ${stray.output}`,
    );
  }
  // An --output alone takes its format from its name (`-o out.sarif`), as a file's extension says
  // what it holds; a name no format claims gets the default.
  const targets = state.targets.map((t) => ({
    format: t.format ?? (t.output === undefined ? undefined : formatOfFile(t.output)) ?? defaultFormat,
    output: t.output,
    maxProblems,
  }));
  const files = targets.flatMap((t) => (t.output === undefined ? [] : [t.output]));
  const twice = files.find((file, index) => files.indexOf(file) !== index);
  if (twice !== undefined)
    throw new CouldNotRunError(`--output ${twice} is given twice: give each format its own file`);
  const toStdout = targets.filter((t) => t.output === undefined);
  if (toStdout.length > 1)
    throw new CouldNotRunError(`only one format can go to standard output; give the others an --output file`);
  return targets;
}

export interface WriteOptions {
  cwd: string;
  showPii: boolean;
  /** Colour on standard output (true on a TTY unless NO_COLOR is set). */
  color: boolean;
  /** `--quiet`: stylish lists errors only; counts, score and every other format keep all findings. */
  quiet?: boolean;
  stdout: (text: string) => void;
  /**
   * Standard output for a format that masks all of its own text (`SELF_MASKED`), where `stdout`
   * would mask it again (the channel's mask of every line, `main`'s): a 22 MB JSON report read
   * for identifiers twice was ~40 % of Stripe's lint. Default: `stdout`.
   */
  stdoutMasked?: (text: string) => void;
  /** Standard output for the github format's annotations, which are workflow commands by design (see `RunIo.stdoutCommands`). */
  stdoutCommands?: (text: string) => void;
}

/**
 * Formats whose text is masked whole by the format itself: the JSON report, every string token of
 * which passes `maskJsonText` (or `maskedView`) and whose other tokens (numbers, `true`, the
 * punctuation) hold no digit run an identifier could be read across, since a string's quotes
 * end every run the masks read.
 */
const SELF_MASKED: ReadonlySet<string> = new Set(['json']);

/** Formats that carry every finding with its suppression and baseline state. */
const FULL_FORMATS: ReadonlySet<string> = new Set(['json', 'sarif']);

/**
 * Renders every target, then writes the files all or none, through the one writer
 * (src/runtime/safe-write.ts): each is staged (`stageFile`: written in pieces to a temporary file
 * created exclusively in its target's real folder, with the mode of the file it replaces), and
 * only when every one is staged are they committed (`commitStaged`: the folder asked again whether
 * it is inside the repository, then renamed over their targets). A target that is read-only, or
 * not a regular file, is refused before anything is written. Standard output comes last.
 */
export async function writeReports(report: Report, targets: OutputTarget[], options: WriteOptions): Promise<void> {
  const formats = new Map(
    await Promise.all(
      [...new Set(targets.map((target) => target.format))].map(async (name) => [name, await loadFormat(name)] as const),
    ),
  );
  // The absolute score (every finding counted) of what the views for people leave out.
  const absolute =
    targets.some((target) => !FULL_FORMATS.has(target.format)) && !report.findings.every(counts)
      ? (({ score, grade }) => ({ score, grade }))(absoluteScore(report))
      : undefined;
  const rendered = targets.map((target) => {
    const shown = FULL_FORMATS.has(target.format) ? report : heldBackView(report, absolute);
    const context: FormatContext = {
      cwd: options.cwd,
      color: target.output === undefined && options.color,
      showPii: options.showPii,
      maxProblems: target.maxProblems,
      ...(options.quiet ? { quiet: true } : {}),
    };
    // A format that renders in pieces is rendered as it is written (a 22 MB JSON report is never
    // one string, nor one buffer on its way out); the others are rendered whole first.
    const loaded = formats.get(target.format);
    if (!loaded) throw new Error(`the format ${target.format} was not loaded with the others`);
    const { format, chunks } = loaded;
    const pieces: () => Iterable<string> = chunks
      ? () => chunks(shown, context)
      : ((text) => () => [text])(format(shown, context));
    return { target, pieces };
  });
  const files = rendered.flatMap(({ target, pieces }) =>
    target.output === undefined ? [] : [{ output: target.output, file: resolve(options.cwd, target.output), pieces }],
  );
  const staged: StagedFile[] = [];
  // Character devices (`--output /dev/null`) are written in place, after every file is renamed.
  const devices: Array<{ file: string; output: string; pieces: () => Iterable<string> }> = [];
  const root = namedFileRoot(options.cwd);
  try {
    for (const { output, file, pieces } of files) {
      refuseLeavingRepository(output, file, root);
      let mode: number | undefined;
      try {
        const stat = statSync(file);
        if (stat.isCharacterDevice()) {
          devices.push({ file, output, pieces });
          continue;
        }
        if (!stat.isFile())
          throw new CouldNotRunError(
            `cannot write ${output}: it exists and is not a regular file; give another --output; nothing was written`,
          );
        // Root may write anything: the file's own mode says whether it is meant to be replaced.
        if ((stat.mode & 0o222) === 0)
          throw new CouldNotRunError(
            `cannot write ${output}: it is read-only; make it writable or give another --output; nothing was written`,
          );
        accessSync(file, constants.W_OK);
        mode = stat.mode & 0o7777;
      } catch (error) {
        if (error instanceof CouldNotRunError) throw error;
        if (errorCode(error) !== 'ENOENT') throw cannotWrite(output, error);
      }
      staged.push(stageFile(file, pieces(), output, options.cwd, mode !== undefined ? { mode } : {}));
    }
  } catch (error) {
    for (const one of staged) discardStaged(one);
    throw error;
  }
  for (const [index, one] of staged.entries()) {
    try {
      commitStaged(one);
    } catch (error) {
      for (const rest of staged.slice(index + 1)) discardStaged(rest);
      throw error;
    }
  }
  for (const { file, output, pieces } of devices) writeToDevice(file, pieces(), output);
  for (const { target, pieces } of rendered)
    if (target.output === undefined) {
      const write =
        target.format === 'github'
          ? (options.stdoutCommands ?? options.stdout)
          : SELF_MASKED.has(target.format)
            ? (options.stdoutMasked ?? options.stdout)
            : options.stdout;
      for (const piece of pieces()) write(piece);
    }
}

/**
 * The run's verdict in one line, for when every format went to a file and standard output says
 * nothing: `failed: 17 problems (3 errors, …) in 2 documents, score 45/100 (F); reports in a.json, b.sarif`.
 */
export function verdictLine(report: Report, exit: number, targets: readonly OutputTarget[]): string {
  const shown = heldBackView(report);
  const summary = summarise(shown.findings);
  const total = shown.findings.length;
  const documents = `${shown.documents.length} document${shown.documents.length === 1 ? '' : 's'}`;
  const counts = `${summary.error} error${summary.error === 1 ? '' : 's'}, ${summary.warn} warning${summary.warn === 1 ? '' : 's'}, ${summary.info} info, ${summary.hint} hint${summary.hint === 1 ? '' : 's'}`;
  const outcome = isDiffReport(shown)
    ? diffOutcome(shown)
    : `${total} problem${total === 1 ? '' : 's'} (${counts}) in ${documents}, ${scoreLabel(scoreReport(shown)).replace(/^Score/, 'score')}`;
  const files = targets.flatMap((target) => (target.output === undefined ? [] : [target.output]));
  return `${exit === 0 ? 'passed' : 'failed'}: ${outcome}; report${files.length === 1 ? '' : 's'} in ${files.join(', ')}`;
}

/**
 * A diff's outcome in the report's own words: the changes per class as stylish counts them, then
 * the versioning findings apart (they are about the version number, not changes to the API), then
 * the version verdict: `2 changes: 0 breaking, 1 needing review, …; 1 versioning finding (1 warning); version …`.
 */
function diffOutcome(report: Report): string {
  const changes = report.findings.filter((finding) => finding.changeClass !== undefined).length;
  const versioning = report.findings.filter((finding) => finding.changeClass === undefined);
  const severities = summarise(versioning);
  const parts = (
    [
      [severities.error, 'error'],
      [severities.warn, 'warning'],
      [severities.info, 'info'],
      [severities.hint, 'hint'],
    ] as const
  )
    .filter(([n]) => n > 0)
    .map(([n, word]) => `${n} ${word}${n === 1 || word === 'info' ? '' : 's'}`);
  const versioningText =
    versioning.length === 0
      ? 'no versioning findings'
      : `${versioning.length} versioning finding${versioning.length === 1 ? '' : 's'} (${parts.join(', ')})`;
  return `${changes} change${changes === 1 ? '' : 's'}: ${diffCountsText(report)}; ${versioningText}; ${versionVerdict(report).text}`;
}
