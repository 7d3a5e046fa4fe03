/**
 * The JSON report is masked once (issue 38): the format masks every string token itself
 * (`maskJsonText`), so on standard output it goes through the writer that does not mask again
 * (`stdoutData`), where every other format goes through the channel's mask. Reading a 22 MB
 * report for identifiers twice was ~40 % of a `vottur lint --format json` on Stripe. The report
 * written is still masked, and the same text as the channel's mask makes of it.
 */
import { describe, expect, it } from 'vitest';
import { finishRun } from '../../src/run/finish.js';
import { maskNationalIds } from '../../src/pii.js';
import type { Finding, Report } from '../../src/report/finding.js';
import type { FormatName } from '../../src/report/formatters/names.js';

/** A person's kennitala (valid check digit) as a description could hold one. */
const PERSON = '0101302989';

function report(): Report {
  const finding: Finding = {
    ruleId: 'platform-example',
    severity: 'warn',
    category: 'documentation',
    message: `The example \`${PERSON}\` of \`[User](#x).id\` is <b>a</b> person's national identifier, *written* here.`,
    document: 'api.json',
    pointer: '/components/schemas/User',
    path: ['components', 'schemas', 'User'],
    line: 1,
    column: 1,
    docsUrl: 'https://example.org/rules/platform-example',
    source: 'lint',
    fingerprint: 'f'.repeat(64),
  };
  return {
    tool: { name: 'vottur', version: '0.0.0' },
    createdTimestamp: '2026-12-08T00:00:00.000Z',
    documents: [{ path: 'api.json' }],
    rules: [],
    findings: Array.from({ length: 100 }, () => ({ ...finding })),
  };
}

async function written(format: FormatName, showPii = false): Promise<{ masked: string; data: string }> {
  let masked = '';
  let data = '';
  await finishRun(
    report(),
    [{ format, maxProblems: 0 }],
    { showPii },
    {
      cwd: process.cwd(),
      stdout: (text) => void (masked += maskNationalIds(text)),
      stdoutData: (text) => void (data += text),
      stderr: () => undefined,
    },
  );
  return { masked, data };
}

describe('the JSON report on standard output', () => {
  it('is masked by the format alone, not by the channel again', async () => {
    const { masked, data } = await written('json');
    expect(masked).toBe('');
    expect(data).not.toContain(PERSON);
    expect(data).toContain('010130****'); // its last four digits masked
    // What the channel's mask would have made of it: nothing more to mask.
    expect(maskNationalIds(data)).toBe(data);
  });

  it('every other format still goes through the channel', async () => {
    for (const format of ['stylish', 'sarif', 'markdown'] as const) {
      const { masked, data } = await written(format);
      expect(data).toBe('');
      expect(masked).not.toContain(PERSON);
    }
  });
});
