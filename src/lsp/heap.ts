/**
 * How V8 sizes the language server's heap. A server lints after every keystroke and each lint
 * leaves short-lived garbage; by default V8 lets the heap grow to several times what is live
 * before collecting it in full, and keeps the pages (measured over 500 edits of a 30 kB
 * description: resident memory 90 → 180 MB while the live heap stayed near 20 MB). Sizing the
 * heap for memory (`--optimize-for-size`) keeps a long session near where it started (1.35×).
 * For a description of megabytes that sizing collects far more often than the lint needs (the
 * 4 MB Stripe description: 1.9 s of CPU per edit instead of 1.1 s), so it is on only while every
 * open description is smaller than `LARGE_TEXT`. The flag is read by V8 as it decides, so it can
 * change while the server runs. Only the `vottur lsp` command turns this on: a process that embeds
 * the server keeps its own heap settings.
 */
import { setFlagsFromString } from 'node:v8';

/** From this size (characters) a description is linted with V8's default, throughput-first heap sizing. */
export const LARGE_TEXT = 1_000_000;

let managed = false;
let forMemory = false;

/** Lets the server size the heap by what it holds open (called once, by the `vottur lsp` command). */
export function manageHeapSizing(): void {
  managed = true;
  setForMemory(true);
}

/** Sizes the heap for the largest description open; nothing unless `manageHeapSizing` was called. */
export function sizeHeapFor(largestText: number): void {
  if (managed) setForMemory(largestText < LARGE_TEXT);
}

function setForMemory(wanted: boolean): void {
  if (wanted === forMemory) return;
  forMemory = wanted;
  setFlagsFromString(wanted ? '--optimize-for-size' : '--no-optimize-for-size');
}
