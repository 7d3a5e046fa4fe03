/**
 * `vottur lint --fix` and `--fix-dry-run`: the fix library run over the documents the command
 * line names, with the configuration applied as `vottur lint` applies it (a rule set off is not
 * fixed). `--fix` writes each changed file whole or not at all; `--fix-dry-run` prints the changes
 * as a unified diff and writes nothing. Breaking fixes, and fixes whose effect needs review, are
 * never applied here: they are listed, and the editor (`vottur lsp`) offers them labelled.
 */
import { CouldNotRunError, errorLine } from '../errors.js';
import { cwdOf, gateRunFor, settle, writeFileAtomically, type ConfigCommandOptions, type RunIo } from '../run/index.js';
import type { Report } from '../report/finding.js';

/** A lint's findings with the configuration's levels and suppressions, as `vottur lint` settles them (a rule set off is not fixed). */
async function configured(report: Report, options: ConfigCommandOptions, io: RunIo): Promise<Report> {
  return settle(report, await gateRunFor(options, io), { withoutBaseline: true }, io);
}

export interface FixRunOptions extends ConfigCommandOptions {
  allowRemoteRefs?: boolean;
  showPii?: boolean;
  /** Print the changes as a unified diff instead of writing them. */
  dryRun?: boolean;
  /** `--shard i/n`: only the documents of that share are fixed, as only they are linted. */
  shard?: string;
}

export interface FixRunResult {
  /** Fixes applied (or, in a dry run, that would be). */
  applied: number;
  /** Files changed (or that would be). */
  files: number;
}

export async function runFixes(patterns: string[], options: FixRunOptions, io: RunIo): Promise<FixRunResult> {
  const cwd = cwdOf(io);
  const { expandPatterns, inShard, isPathless, lintLoadedDescription, parseShard, skippedLine } =
    await import('../lint/files.js');
  const { fixDescription, EFFECT_LABEL } = await import('../fix/index.js');
  const { shownPath } = await import('../report/source.js');
  const shard = options.shard !== undefined ? parseShard(options.shard) : undefined;
  const files = (await expandPatterns(patterns, cwd, skippedLine(io.stderr))).filter(
    (file) => !shard || inShard(file, shard, cwd),
  );
  const run = await gateRunFor(options, io);
  const settingsFor = (file: string) => run.settingsFor(file);
  // The patch is the user's own text, as git apply takes it; this command masks its other lines itself.
  const out = io.stdoutData ?? io.stdout;
  const err = io.stderr;
  const mask = options.showPii ? (text: string) => text : (await import('../pii.js')).maskNationalIds;
  let applied = 0;
  let changedFiles = 0;
  for (const file of files) {
    // A fix is computed again on its own result, pass after pass: that needs a file to read from.
    if (isPathless(file))
      throw new CouldNotRunError(
        `${options.dryRun ? '--fix-dry-run' : '--fix'} works on files, not ${file === '-' ? 'standard input' : 'a URL'} (${file}); save the description to a file first`,
      );
    const settings = await settingsFor(file);
    const outcome = await fixDescription(file, {
      cwd,
      allowRemoteRefs: options.allowRemoteRefs,
      findingsOf: async (_file, loaded) =>
        (await configured(await lintLoadedDescription(loaded, { cwd, ...(settings ? { settings } : {}) }), options, io))
          .findings,
    });
    applied += outcome.applied.length;
    changedFiles += outcome.changed.size;
    const shown = (uri: string) => (/^https?:/i.test(uri) ? uri : shownPath(cwd, uri));
    if (options.dryRun) {
      const { createTwoFilesPatch } = await import('diff');
      for (const [uri, text] of outcome.changed) {
        const original = outcome.original.get(uri);
        if (original === undefined) throw new Error(`the fix changed ${uri} without keeping its original text`);
        const name = shown(uri).split('\\').join('/').replace(/^\//, '');
        // The user's own text, unmasked: a patch whose context lines were masked would not apply
        // (`git apply`, `patch -p1`), and it shows nothing the file does not already hold.
        out(createTwoFilesPatch(`a/${name}`, `b/${name}`, original, text, undefined, undefined, { context: 3 }));
      }
    } else {
      for (const [uri, text] of outcome.changed) writeFileAtomically(uri, text, shown(uri), cwd);
    }
    if (outcome.applied.length > 0) {
      const rules = [...new Set(outcome.applied.map((fix) => fix.ruleId))].sort();
      err(
        `${errorLine(`${options.dryRun ? 'would fix' : 'fixed'} ${shown(outcome.original.keys().next().value ?? file)}: ${outcome.applied.length} fix${outcome.applied.length === 1 ? '' : 'es'} (${rules.join(', ')})`)}\n`,
      );
    }
    if (outcome.unclassified > 0) {
      err(
        `${errorLine(`${shown(outcome.original.keys().next().value ?? file)}: ${outcome.unclassified} more fix${outcome.unclassified === 1 ? '' : 'es'} not tried: each fix is checked with vottur diff, at most 100 diffs per description and run; run --fix again to go on`)}\n`,
      );
    }
    for (const fix of outcome.withheld) {
      const where = `${fix.finding.document}${fix.finding.line !== undefined ? `:${fix.finding.line}:${fix.finding.column}` : ''}`;
      err(
        `${errorLine(`not applied: ${where} ${fix.ruleId}: ${mask(fix.title)} ${EFFECT_LABEL[fix.effect ?? 'review']}; an editor with vottur lsp offers it`)}\n`,
      );
    }
  }
  const [onlyFile, ...otherFiles] = files;
  if (onlyFile !== undefined && applied === 0)
    err(
      `${errorLine(`no fix to apply in ${otherFiles.length === 0 ? shownPath(cwd, onlyFile) : `${files.length} documents`}`)}\n`,
    );
  return { applied, files: changedFiles };
}

/**
 * `--fix-overlay <file>`: the fixes `--fix` would apply to one single-file description, written as an
 * OpenAPI Overlay 1.0.0 document instead of to the description (which is left as it is).
 */
export async function writeFixOverlay(
  patterns: string[],
  options: FixRunOptions,
  output: string,
  io: RunIo,
): Promise<number> {
  const cwd = cwdOf(io);
  const { expandPatterns, isPathless, lintLoadedDescription, skippedLine } = await import('../lint/files.js');
  const files = await expandPatterns(patterns, cwd, skippedLine(io.stderr));
  const [file, ...others] = files;
  if (file === undefined || others.length > 0 || isPathless(file))
    throw new CouldNotRunError(
      `--fix-overlay writes the fixes of one description file (an overlay patches one document); ${file === undefined ? 'none was given' : others.length > 0 ? `${files.length} were given` : `${file} is not a file`}`,
    );
  const { fixDescription } = await import('../fix/index.js');
  const { fixOverlay } = await import('../fix/overlay.js');
  const yaml = await import('yaml');
  const { shownPath } = await import('../report/source.js');
  const settings = await (await gateRunFor(options, io)).settingsFor(file);
  const outcome = await fixDescription(file, {
    cwd,
    allowRemoteRefs: options.allowRemoteRefs,
    findingsOf: async (_file, loaded) =>
      (await configured(await lintLoadedDescription(loaded, { cwd, ...(settings ? { settings } : {}) }), options, io))
        .findings,
  });
  const [root] = outcome.original.keys();
  if (root === undefined) throw new Error(`the fix of ${file} kept no original text`);
  const elsewhere = [...outcome.changed.keys()].filter((uri) => uri !== root);
  if (elsewhere.length > 0)
    throw new CouldNotRunError(
      `--fix-overlay: the fixes change ${elsewhere.length} file${elsewhere.length === 1 ? '' : 's'} the description references (${elsewhere.map((uri) => shownPath(cwd, uri)).join(', ')}), and an overlay patches one document; bundle the description first, or use --fix. Nothing was written`,
    );
  const before: unknown = yaml.parse(outcome.original.get(root) ?? '');
  const after: unknown = yaml.parse(outcome.changed.get(root) ?? outcome.original.get(root) ?? '');
  const shown = shownPath(cwd, root).split('\\').join('/');
  const overlay = fixOverlay({
    before,
    after,
    fixes: outcome.applied,
    title: `vottur fixes for ${shown}`,
    extends: shown,
  });
  writeFileAtomically(
    (await import('node:path')).resolve(cwd, output),
    `${JSON.stringify(overlay, null, 2)}\n`,
    output,
    cwd,
  );
  io.stderr(
    `${errorLine(`wrote ${output}: ${overlay.actions.length} action${overlay.actions.length === 1 ? '' : 's'} for ${outcome.applied.length} fix${outcome.applied.length === 1 ? '' : 'es'} of ${shown}${outcome.withheld.length > 0 ? ` (${outcome.withheld.length} breaking or to review left out)` : ''}`)}\n`,
  );
  return overlay.actions.length;
}
