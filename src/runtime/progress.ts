/**
 * A progress bar for long lint runs: on standard error, only when it is a terminal, and only
 * once the run has lasted a while (or has many documents), so quick runs and CI logs stay clean.
 * `cli-progress` is loaded only when a bar is actually shown.
 */
import type { SingleBar } from 'cli-progress';
import { envOf } from './process-defaults.js';

export interface ProgressOptions {
  /** Standard error as a stream; no bar without one (a run in a test, the library). */
  stream?: NodeJS.WriteStream;
  /** The environment (`CI` set: no bar); default the process's. */
  env?: NodeJS.ProcessEnv;
  /** Show the bar once the run has lasted this long (ms). */
  afterMs?: number;
  /** Show it at once from this many documents on. */
  manyDocuments?: number;
  /** What the bar is of (default `vottur lint`), and what it counts (default `documents`). */
  label?: string;
  unit?: string;
}

export interface Progress {
  update(done: number, total: number): void;
  stop(): void;
}

export function lintProgress(options: ProgressOptions = {}): Progress {
  const stream = options.stream;
  const afterMs = options.afterMs ?? 2000;
  const manyDocuments = options.manyDocuments ?? 50;
  if (!stream?.isTTY || envOf(options).CI) return { update: () => undefined, stop: () => undefined };
  const started = Date.now();
  let bar: SingleBar | undefined;
  let loading = false;
  let stopped = false;
  let last = { done: 0, total: 0 };
  const show = () => {
    if (bar || loading || stopped) return;
    loading = true;
    void import('cli-progress').then(({ default: cliProgress }) => {
      if (stopped) return;
      bar = new cliProgress.SingleBar(
        {
          stream,
          format: `${options.label ?? 'vottur lint'} [{bar}] {value}/{total} ${options.unit ?? 'documents'} | {duration_formatted}`,
          hideCursor: true,
          clearOnComplete: true,
          barsize: 30,
        },
        cliProgress.Presets.shades_classic,
      );
      bar.start(last.total, last.done);
    });
  };
  // A run that hangs on one big document still shows that it is alive.
  const timer = setTimeout(show, afterMs);
  timer.unref();
  return {
    update(done, total) {
      last = { done, total };
      if (bar) {
        bar.setTotal(total);
        bar.update(done);
      } else if (total >= manyDocuments || Date.now() - started >= afterMs) show();
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      bar?.stop();
    },
  };
}
