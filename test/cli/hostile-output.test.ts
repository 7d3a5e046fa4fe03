/**
 * A description's text cannot be turned against the reader of vottur's output: a path key that
 * holds line breaks and GitHub workflow commands, or terminal escape sequences, is shown escaped
 * in the terminal (stylish) and in GitHub output, and starts no command in the CI log, in every
 * format printed to standard output (JUnit and HTML carry the text as a character reference the
 * parser reads back, JSON as a `\u` escape of the same value).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { votturInProcess as vottur } from './run.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-hostile-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const KEY = '/v1/x\n::error file=x::forged\n::stop-commands::tok\n\u001b[2J\u001b[HScore 100/100 (A)\u001b[8m';
const description = {
  openapi: '3.0.3',
  info: { title: 'Hostile', version: '1.0.0' },
  paths: { [KEY]: { get: { responses: { '200': { description: 'ok' } } } } },
};
writeFileSync(join(dir, 'hostile.json'), JSON.stringify(description));

describe('hostile text in a description', () => {
  it.each([['stylish'], ['github']])(
    '--format %s: no raw escape sequence, no workflow command at a line start',
    async (format) => {
      const result = await vottur(['lint', 'hostile.json', '--format', format], { cwd: dir });
      expect(result.code).toBe(1);
      expect(result.stdout).not.toContain('\u001b');
      expect(result.stdout).toContain('\\u001b[2J');
      const lines = result.stdout.split('\n');
      if (format === 'stylish') expect(lines.filter((line) => /^\s*::/.test(line))).toEqual([]);
      else
        expect(
          lines.filter((line) => line && !/^::(error|warning|notice) /.test(line) && !line.startsWith('vottur: ')),
        ).toEqual([]);
      expect(lines.some((line) => /^\s*::stop-commands::/.test(line))).toBe(false);
    },
  );
});

describe('workflow commands in a description, printed in every format', () => {
  const commands = {
    openapi: '3.0.3',
    info: {
      title: 'T\n::stop-commands::tok\n  ::add-mask::x\n##[error]forged\n\u2003::add-mask::TITLE',
      version: '1.0.0',
    },
    paths: {
      '/v1/a\n::error file=x::forged': {
        get: { summary: 'x\n::warning::y', responses: { '200': { description: 'ok' } } },
      },
      // What the runner trims before `::` is all Unicode white space (o34r6 A04): NBSP, U+3000, U+205F.
      '/v1/b\n\u00a0::add-mask::KEY0\r\u3000::error title=forged::forged': {
        get: {
          operationId: 'op\n\u205f\u00a0::add-mask::OP',
          responses: { '200': { description: 'ok' } },
        },
      },
    },
  };
  // The runner's view: lines end at CR or LF, and .NET String.TrimStart() trims every white-space character.
  const trimmed = (line: string) =>
    line.replace(/^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*/, '');
  writeFileSync(join(dir, 'commands.json'), JSON.stringify(commands));

  it.each(['junit', 'html', 'json', 'sarif', 'gitlab', 'markdown', 'stylish'])(
    '--format %s on standard output: no line starts a workflow command, none holds ##[',
    async (format) => {
      const result = await vottur(['lint', 'commands.json', '--format', format], { cwd: dir });
      expect(result.code).toBe(1);
      const lines = result.stdout.split(/\r\n|\r|\n/);
      expect(lines.filter((line) => trimmed(line).startsWith('::') || line.includes('##['))).toEqual([]);
      if (format === 'junit') {
        // The same text to an XML reader: the reference is decoded, the command is still in the message.
        const parsed = JSON.stringify(new XMLParser({ ignoreAttributes: false }).parse(result.stdout));
        expect(parsed).toContain('::error file=x::forged');
      }
      if (format === 'json') expect(JSON.stringify(JSON.parse(result.stdout))).toContain('##[error]forged');
    },
  );
});
