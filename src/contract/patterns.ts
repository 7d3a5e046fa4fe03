/**
 * The description's `pattern`s during `vottur test`: ajv matches them with the linear-time engine
 * of rulesets/lib/patterns.ts (never JavaScript's backtracking RegExp, so a pattern cannot stall
 * the run on a value the server sends), and each pattern is looked at once for two problems a
 * reviewer needs to hear about:
 *
 * - it backtracks exponentially (scslre finds the quantifiers): vottur checks it safely, but a
 *   server or client validating with a backtracking engine can be stalled by a short value;
 * - the linear-time engine cannot run it (a lookaround, a backreference): it is not checked at all
 *   (ajv is given a pattern that accepts everything), and the finding says so.
 */
import { analyse } from 'scslre';
import type { RegExpEngine } from 'ajv/dist/types/index.js';
import { isObject } from '../../rulesets/lib/openapi/types.js';
import { compileSafePattern, type SafePattern } from '../../rulesets/lib/patterns.js';
import type { JsonPath, OpenApiDocument } from '../../rulesets/lib/rule.js';

export interface PatternProblem {
  pattern: string;
  kind: 'catastrophic' | 'unsupported';
  /** What is wrong, as a phrase that follows "the pattern `...`". */
  text: string;
}

/**
 * Bounds on the backtracking analysis, which grows with the pattern (about the cube of its
 * quantifiers: 40 take 0.2 s, 100 take 3.6 s), never with the data: longer or busier patterns,
 * and any after two seconds of analysis in one run, are matched safely but not analysed.
 */
const MAX_ANALYSED_LENGTH = 2000;
const MAX_ANALYSED_QUANTIFIERS = 40;
const ANALYSIS_BUDGET_MS = 2000;

/** The ajv regular-expression engine for one run, and the problems it has seen. */
export class PatternGuard {
  readonly engine: RegExpEngine;
  private readonly seen = new Map<string, SafePattern>();
  private readonly pending: PatternProblem[] = [];
  private analysisMs = 0;

  constructor() {
    // `code` is anything but "new RegExp": ajv then calls this function instead of the built-in.
    this.engine = Object.assign((pattern: string) => this.compile(pattern), { code: 'vottur.compileSafePattern' });
  }

  /** The problems found since the last call (each pattern is reported once per run). */
  takeProblems(): PatternProblem[] {
    return this.pending.splice(0);
  }

  private compile(pattern: string): SafePattern {
    const known = this.seen.get(pattern);
    if (known) return known;
    let risk: string | undefined;
    if (this.analysisMs < ANALYSIS_BUDGET_MS) {
      const started = performance.now();
      risk = backtrackingRisk(pattern);
      this.analysisMs += performance.now() - started;
    }
    if (risk) this.pending.push({ pattern, kind: 'catastrophic', text: risk });
    const compiled = compileSafePattern(pattern);
    let regex: SafePattern;
    if (compiled.ok) regex = compiled.regex;
    else {
      this.pending.push({
        pattern,
        kind: 'unsupported',
        text: `cannot be checked safely: ${compiled.reason}; values were not checked against it`,
      });
      const shown = `/${pattern}/ (not checked)`;
      regex = { test: () => true, toString: () => shown };
    }
    this.seen.set(pattern, regex);
    return regex;
  }
}

/**
 * Why a pattern is catastrophic under a backtracking engine (exponential backtracking), with an
 * input that shows it and a safe rewrite where one is known; undefined when none is found.
 */
export function backtrackingRisk(pattern: string): string | undefined {
  if (pattern.length > MAX_ANALYSED_LENGTH || (pattern.match(/[*+?{]/g)?.length ?? 0) > MAX_ANALYSED_QUANTIFIERS)
    return undefined;
  for (const flags of ['u', '']) {
    let result: ReturnType<typeof analyse>;
    try {
      result = analyse({ source: pattern, flags }, { maxReports: 4 });
    } catch {
      // Not a valid pattern with these flags: the other flags are tried.
      continue;
    }
    const report = result.reports.find((r) => r.exponential);
    if (!report) return undefined;
    let fixed: string | undefined;
    try {
      fixed = report.fix()?.source;
    } catch {
      // No safe rewrite can be offered: the finding says so without one.
      fixed = undefined;
    }
    const attack = `"${report.character.pick.repeat(3)}…" (the character repeated, then one that does not match)`;
    return `backtracks exponentially: a value such as ${attack} makes a backtracking engine (JavaScript, Java, .NET, Python, PCRE) take time that doubles with each character, so a server or client validating with it can be stalled by a short value (ReDoS)${fixed && fixed !== pattern ? `; write it as \`${fixed}\`, which means the same` : '; rewrite it so that no repeated part can match the same text in more than one way'}`;
  }
  return undefined;
}

/** Where a pattern is written in the description: the first schema whose `pattern` is this text. */
export function patternLocation(document: OpenApiDocument, pattern: string): JsonPath | undefined {
  const path: JsonPath = [];
  let found: JsonPath | undefined;
  const seen = new Set<object>();
  const walk = (node: unknown, depth: number): void => {
    if (found || depth > 256 || node === null || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      node.forEach((item, index) => {
        path.push(index);
        walk(item, depth + 1);
        path.pop();
      });
      return;
    }
    if (!isObject(node)) return;
    if (node.pattern === pattern) {
      found = [...path, 'pattern'];
      return;
    }
    if (isObject(node.patternProperties) && Object.hasOwn(node.patternProperties, pattern)) {
      found = [...path, 'patternProperties', pattern];
      return;
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === 'example' || key === 'examples') continue;
      path.push(key);
      walk(value, depth + 1);
      path.pop();
    }
  };
  walk(document, 0);
  return found;
}
