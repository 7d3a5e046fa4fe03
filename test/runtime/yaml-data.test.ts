/**
 * Every YAML the repository writes as data (a configuration, an acceptance file, an overlay, and
 * the operator's policy) is read one way (`parseYamlData`): a tag the core schema does not know is
 * an error, and the parser's warnings never reach the process (attack o34r10 B9: a configuration
 * holding `rules: !!js/function "…"` printed Node's multi-line YAMLWarning quoting the file before
 * vottur's one line). Over the CLI, in-process, and the reader itself.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { votturInProcess } from '../cli/run.js';
import { parseYamlData } from '../../src/runtime/yaml-lines.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-yaml-data-'));
mkdirSync(join(dir, '.git'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, text: string) => writeFileSync(join(dir, name), text);
write(
  'api.yaml',
  'openapi: 3.0.3\ninfo: {title: T, version: 1.0.0}\npaths:\n  /v1/items:\n    get:\n      responses:\n        "200": {description: ok}\n',
);
const TAGGED = 'rules: !!js/function "function(){ return 1 }"\n';

describe('YAML read as data', () => {
  it('refuses an unknown tag in one line, with no warning of the parser, wherever it is read', async () => {
    const warnings: string[] = [];
    const listen = (warning: Error) => warnings.push(warning.message);
    process.on('warning', listen);
    try {
      write('tagged.config.yaml', TAGGED);
      write('accept.yaml', `- !!js/function "x"\n`);
      write('overlay.yaml', 'overlay: 1.0.0\ninfo: !!js/undefined {title: x, version: "1"}\nactions: []\n');
      write('policy.yaml', 'suppressions: !!js/regexp /x/\n');
      for (const args of [
        ['lint', 'api.yaml', '--gate', '--config', 'tagged.config.yaml'],
        ['diff', 'api.yaml', 'api.yaml', '--accept', 'accept.yaml'],
        ['lint', 'api.yaml', '--overlay', 'overlay.yaml'],
        ['lint', 'api.yaml', '--policy', 'policy.yaml'],
      ]) {
        const result = await votturInProcess(args, { cwd: dir });
        expect(result.code, args.join(' ')).toBe(2);
        expect(result.stderr.split('\n').filter(Boolean), args.join(' ')).toHaveLength(1);
        expect(result.stderr, args.join(' ')).toMatch(
          /a tag YAML 1\.2 does not know \(data only: no tags\) at line \d+, column \d+/,
        );
        expect(result.stderr, args.join(' ')).not.toMatch(/function\(\)|YAMLWarning/);
      }
      // Node writes process warnings on the next tick: wait for one to have come.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((message) => /tag/i.test(message))).toEqual([]);
    } finally {
      process.off('warning', listen);
    }
  });

  it('reads what YAML 1.2 holds as data and refuses the rest', async () => {
    await expect(parseYamlData('a: 1\rb: [x, y]\n')).resolves.toEqual({ a: 1, b: ['x', 'y'] });
    await expect(parseYamlData('a: !!str 1\n')).resolves.toEqual({ a: '1' });
    await expect(parseYamlData('a: 1\na: 2\n')).rejects.toThrow(/unique/i);
    await expect(parseYamlData('a: !custom x\n')).rejects.toThrow(/Unresolved tag/);
    const bomb = [
      'a: &a [x, x, x, x, x, x, x, x, x, x]',
      ...Array.from(
        { length: 9 },
        (_, i) =>
          `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [*${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}]`,
      ),
    ].join('\n');
    await expect(parseYamlData(bomb)).rejects.toThrow(/alias/i);
  });
});
