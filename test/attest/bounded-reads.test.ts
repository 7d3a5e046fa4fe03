/**
 * Files `verify`, `attest` and `catalogue --attestations` read go through the bounded reader
 * (attack o34r15 B8): a committed link to /proc/self/environ or /dev/zero, a FIFO, an attestation
 * that is not JSON, each is one line and exit 2, and no message quotes the file's content.
 */
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readAttestations } from '../../src/catalogue/attestations.js';
import { readGivenFileSync } from '../../src/runtime/safe-read.js';
import { votturInProcess } from '../cli/run.js';

const top = mkdtempSync(join(tmpdir(), 'vottur-bounded-reads-'));
afterAll(() => rmSync(top, { recursive: true, force: true }));
const repo = join(top, 'repo');
mkdirSync(join(repo, '.git'), { recursive: true });
const { publicKey } = generateKeyPairSync('ed25519');
const PUBLIC = join(top, 'pub.pem');
writeFileSync(PUBLIC, publicKey.export({ type: 'spki', format: 'pem' }));
writeFileSync(join(repo, 'api.yaml'), 'openapi: 3.0.3\ninfo: {title: T, version: "1"}\npaths: {}\n');
writeFileSync(join(repo, '.env'), 'DB_PASSWORD=hunter2-secret\n');
symlinkSync('/proc/self/environ', join(repo, 'environ.attestation.json'));
symlinkSync('/dev/zero', join(repo, 'zero.attestation.json'));
symlinkSync('.env', join(repo, 'dotenv.attestation.json'));
execFileSync('mkfifo', [join(repo, 'fifo.attestation.json')]);
writeFileSync(
  join(repo, 'type.attestation.json'),
  '{"payloadType":"PATH=/secret-type","payload":"e30=","signatures":[{"keyid":"","sig":"AAAA"}]}',
);

const verify = (attestation: string) =>
  votturInProcess(['verify', attestation, 'api.yaml', '--key', PUBLIC], {
    cwd: repo,
    env: { Y34_MARKER: 'quoted-environment-value' },
  });

describe('vottur verify reads its attestation bounded, and quotes none of it', () => {
  it.each([
    [
      'environ',
      /cannot read the attestation environ\.attestation\.json: it leads outside the repository .* through a symbolic link/,
    ],
    ['zero', /cannot read the attestation zero\.attestation\.json: it leads outside the repository/],
    ['fifo', /cannot read the attestation fifo\.attestation\.json: it is a FIFO, not a regular file/],
    ['dotenv', /^vottur: dotenv\.attestation\.json is not JSON \(not valid\); give the file vottur attest wrote\n$/],
  ])(
    '%s: one line, exit 2',
    async (name, message) => {
      const result = await verify(`${name}.attestation.json`);
      expect(result.stderr).toMatch(message);
      expect(result.stderr.split('\n').filter(Boolean)).toHaveLength(1);
      expect(`${result.stdout}${result.stderr}`).not.toMatch(/quoted-environment-value|hunter2|PATH=/);
      expect(result.code).toBe(2);
    },
    15_000,
  );

  it("an envelope's payload type is not quoted", async () => {
    const result = await verify('type.attestation.json');
    expect(`${result.stdout}${result.stderr}`).not.toContain('secret-type');
    expect(`${result.stdout}${result.stderr}`).toMatch(/the payload type is not application\/vnd\.in-toto\+json/);
  });

  it('the catalogue: an attestation key that is a FIFO, and attestations that are links out or FIFOs, are refused', async () => {
    // Named on the command line: refused in one line.
    await expect(readAttestations(['environ.attestation.json'], [], repo)).rejects.toThrow(
      /^cannot read --attestations environ\.attestation\.json: it leads outside the repository/,
    );
    await expect(readAttestations(['fifo.attestation.json'], [], repo)).rejects.toThrow(/not a file or a folder/);
    // Named by a list: each refused, with why.
    writeFileSync(join(repo, 'list.txt'), 'environ.attestation.json\nfifo.attestation.json\ntype.attestation.json\n');
    expect(await readAttestations(['list.txt'], [], repo)).toEqual({
      records: [],
      refused: [
        { source: 'environ.attestation.json', why: expect.stringMatching(/it leads outside the repository/) },
        { source: 'fifo.attestation.json', why: expect.stringMatching(/it is a FIFO, not a regular file/) },
        { source: 'type.attestation.json', why: 'its payload type is not application/vnd.in-toto+json' },
      ],
    });
    expect(() => readGivenFileSync('fifo.attestation.json', { what: '--attestation-key', cwd: repo })).toThrow(
      /^cannot read --attestation-key fifo\.attestation\.json: it is a FIFO, not a regular file$/,
    );
    // A file outside the repository named as written is the user's to name.
    expect(readGivenFileSync(PUBLIC, { what: 'the key', cwd: repo }).toString()).toMatch(/BEGIN PUBLIC KEY/);
    writeFileSync(join(repo, 'big.pem'), Buffer.alloc(2048));
    expect(() => readGivenFileSync('big.pem', { what: 'the key', cwd: repo, maxBytes: 1024 })).toThrow(
      /cannot read the key big\.pem: it is 0 MB, over the limit of 0 MB/,
    );
  });
});
