/**
 * `vottur attest` without `--gate` ran the repository's JavaScript rulesets (issue 34, W2, an
 * outside attack): an attestation is a record others rely on, yet a committed `extends: ./evil.js`
 * (or a custom function) ran on the machine that signs it. Now attest always reads rulesets through
 * the gate's strict loader: the payload never runs (its sentinel file never appears), the refusal
 * is a policy-extends-refused error in the record, and the verdict it records fails.
 */
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { votturInProcess as vottur } from '../cli/run.js';

const top = mkdtempSync(join(tmpdir(), 'vottur-attest-code-'));
afterAll(() => rmSync(top, { recursive: true, force: true }));
const key = join(top, 'key.pem');
writeFileSync(key, generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }));

const API = 'openapi: 3.0.3\ninfo: {title: T, version: "1.0.0"}\npaths: {}\n';

function repository(name: string, files: Record<string, string>): { dir: string; sentinel: string } {
  const dir = join(top, name);
  mkdirSync(join(dir, '.git'), { recursive: true });
  writeFileSync(join(dir, 'api.yaml'), API);
  const sentinel = join(dir, 'SENTINEL');
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text.replaceAll('@SENTINEL@', sentinel));
  }
  return { dir, sentinel };
}

function predicateOf(file: string): { gate: { verdict: string } } & Record<string, unknown> {
  const envelope = JSON.parse(readFileSync(file, 'utf8')) as { payload: string };
  const statement = JSON.parse(Buffer.from(envelope.payload, 'base64').toString('utf8')) as {
    predicate: { gate: { verdict: string } } & Record<string, unknown>;
  };
  return statement.predicate;
}

describe('vottur attest runs no code from the repository, with or without --gate', () => {
  for (const [name, files] of [
    [
      'module',
      {
        'vottur.config.yaml': 'extends: [./evil.js]\n',
        'evil.js': "require('node:fs').writeFileSync('@SENTINEL@', 'ran');\nmodule.exports = { rules: {} };\n",
      },
    ],
    [
      'function',
      {
        'vottur.config.yaml': 'extends: [./house.yaml]\n',
        'house.yaml': 'functions: [evil]\nrules:\n  house:\n    given: $.info\n    then: { function: evil }\n',
        'functions/evil.js': "require('node:fs').writeFileSync('@SENTINEL@', 'ran');\nmodule.exports = () => [];\n",
      },
    ],
  ] as const) {
    it(`${name}: the payload never runs, the record holds the refusal and its verdict fails`, async () => {
      const { dir, sentinel } = repository(name, files);
      const output = join(dir, 'attestation.json');
      const result = await vottur(['attest', join(dir, 'api.yaml'), '--key', key, '--output', output], { cwd: dir });
      expect(existsSync(sentinel)).toBe(false);
      // The record is written (exit 0); the verdict it holds is the gate's.
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toContain('gate fail');
      const predicate = predicateOf(output);
      expect(predicate.gate.verdict).toBe('fail');
      expect(JSON.stringify(predicate)).toContain('policy-extends-refused');
    });
  }
});
