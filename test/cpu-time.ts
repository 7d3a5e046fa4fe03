/**
 * Per-file CPU time, for finding the test files that cost the most (issue 35): with
 * VOTTUR_TEST_CPU=<file> set, vitest.config.ts adds this as a setup file, and each test file appends
 * one line to <file>: its path, the seconds of CPU its worker spent on it (user and system) and
 * those of the child processes it waited for, and its wall seconds. Wall time on a shared machine
 * says little; CPU time is what a file costs.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { afterAll, expect } from 'vitest';

const out = process.env.VOTTUR_TEST_CPU;

/** CPU seconds of the child processes this process has waited for (Linux: /proc/self/stat's cutime and cstime). */
function childrenSeconds(): number {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    // Fields 16 and 17 of the whole line, counted from the state (field 3): in clock ticks (100 a second).
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return 0;
  }
}

// A setup file runs before each test file is loaded (with isolate: false too): the file's imports count.
const started = { cpu: process.cpuUsage(), children: childrenSeconds(), wall: performance.now() };
afterAll(() => {
  if (!out) return;
  const cpu = process.cpuUsage(started.cpu);
  const file = relative(process.cwd(), expect.getState().testPath ?? '?');
  const line = [
    file,
    ((cpu.user + cpu.system) / 1e6).toFixed(2),
    (childrenSeconds() - started.children).toFixed(2),
    ((performance.now() - started.wall) / 1000).toFixed(2),
  ].join('\t');
  appendFileSync(out, `${line}\n`);
});
