/**
 * `--overlay` over the built CLI: the description is checked as the overlay patches it, on `lint`,
 * `diff` and `test`; the verdict changes as the overlay says (a removal that breaks a rule fails a
 * conformant description, vottur's own fix overlay gives the findings `--fix` leaves), every format
 * names the overlay, and an overlay that would evaluate an expression or is past a bound is refused
 * in one line.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, votturInProcess } from './run.js';

const top = mkdtempSync(join(tmpdir(), 'vottur-overlay-cli-'));
afterAll(() => rmSync(top, { recursive: true, force: true }));
// A repository of its own: overlays are read only inside it.
mkdirSync(join(top, '.git'));
const CONFORMANT = join(top, 'api.yaml');
copyFileSync(join(ROOT, 'fixtures/conformant/catalogue-api.yaml'), CONFORMANT);

function overlay(name: string, actions: unknown[]): string {
  const file = join(top, name);
  writeFileSync(file, JSON.stringify({ overlay: '1.0.0', info: { title: name, version: '1.0.0' }, actions }));
  return name;
}

const REMOVE_CONTACT = overlay('remove-contact.json', [{ target: '$.info.contact', remove: true }]);

interface JsonReport {
  findings: Array<{ ruleId: string; message: string; pointer: string }>;
  configuration?: { overlays?: Array<{ path: string; actions: number; sha256: string }> };
}

describe('vottur lint --overlay', () => {
  it('checks the description as patched: a conformant description fails once the overlay removes its contact', async () => {
    const plain = await votturInProcess(['lint', 'api.yaml', '--no-config'], { cwd: top });
    expect(plain.code).toBe(0);
    const patched = await votturInProcess(
      ['lint', 'api.yaml', '--no-config', '--overlay', REMOVE_CONTACT, '--format', 'json'],
      {
        cwd: top,
      },
    );
    expect(patched.code).toBe(1);
    const report = JSON.parse(patched.stdout) as JsonReport;
    expect(report.findings.map((f) => f.pointer)).toContain('/info');
    expect(report.findings.some((f) => /contact/i.test(f.message))).toBe(true);
    expect(report.configuration?.overlays).toEqual([
      expect.objectContaining({ path: REMOVE_CONTACT, actions: 1, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) }),
    ]);
    // The file itself is untouched.
    expect(readFileSync(CONFORMANT, 'utf8')).toBe(
      readFileSync(join(ROOT, 'fixtures/conformant/catalogue-api.yaml'), 'utf8'),
    );
  });

  it.each(['stylish', 'json', 'sarif', 'markdown', 'html', 'junit', 'github'])(
    'the %s report names the overlay',
    async (format) => {
      const result = await votturInProcess(
        ['lint', 'api.yaml', '--no-config', '--overlay', REMOVE_CONTACT, '--format', format],
        {
          cwd: top,
        },
      );
      expect(result.code).toBe(1);
      expect(result.stdout).toContain(REMOVE_CONTACT);
    },
  );

  it('applies overlays in order: a later one puts back what an earlier one removed', async () => {
    const restore = overlay('restore-contact.json', [
      {
        target: '$.info',
        update: {
          contact: { name: 'Digital Iceland', email: 'island@island.is', url: 'https://island.is/s/stafraent-island' },
        },
      },
    ]);
    const result = await votturInProcess(
      ['lint', 'api.yaml', '--no-config', '--overlay', REMOVE_CONTACT, '--overlay', restore],
      {
        cwd: top,
      },
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('2 overlays applied before checking');
  });

  it("vottur's fix overlay gives the findings --fix leaves", async () => {
    const folder = join(top, 'fix');
    mkdirSync(folder);
    const source = join(ROOT, 'fixtures/fix/platform-info-version-semver/v-prefix.yaml');
    copyFileSync(source, join(folder, 'overlaid.yaml'));
    copyFileSync(source, join(folder, 'fixed.yaml'));
    await votturInProcess(['lint', 'fix/overlaid.yaml', '--no-config', '--fix-overlay', 'fix/fix.json'], { cwd: top });
    await votturInProcess(['lint', 'fix/fixed.yaml', '--no-config', '--fix'], { cwd: top });
    const before = JSON.parse(
      (await votturInProcess(['lint', 'fix/overlaid.yaml', '--no-config', '--format', 'json'], { cwd: top })).stdout,
    ) as JsonReport;
    const overlaid = JSON.parse(
      (
        await votturInProcess(
          ['lint', 'fix/overlaid.yaml', '--no-config', '--overlay', 'fix/fix.json', '--format', 'json'],
          {
            cwd: top,
          },
        )
      ).stdout,
    ) as JsonReport;
    const fixed = JSON.parse(
      (await votturInProcess(['lint', 'fix/fixed.yaml', '--no-config', '--format', 'json'], { cwd: top })).stdout,
    ) as JsonReport;
    const rules = (report: JsonReport) => report.findings.map((f) => `${f.ruleId} ${f.pointer}`).sort();
    expect(rules(before)).toContain('platform-info-version-semver /info/version');
    expect(rules(overlaid)).toEqual(rules(fixed));
    expect(rules(overlaid)).not.toContain('platform-info-version-semver /info/version');
  }, 90_000);

  it('refuses a filter selector in a target, in one line, and checks nothing', async () => {
    const filter = overlay('filter.json', [{ target: '$.paths[?@.get]', remove: true }]);
    const result = await votturInProcess(['lint', 'api.yaml', '--no-config', '--overlay', filter], { cwd: top });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/filter\.json: action 1's target .* uses a filter selector/);
  });

  it('refuses an overlay past its bounds (actions), and one outside the repository', async () => {
    const many = overlay(
      'many.json',
      Array.from({ length: 10_001 }, () => ({ target: '$.info', update: {} })),
    );
    const result = await votturInProcess(['lint', 'api.yaml', '--no-config', '--overlay', many], { cwd: top });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/10001 actions, over the limit of 10000/);
    const outside = join(tmpdir(), `vottur-outside-${process.pid}.json`);
    writeFileSync(outside, '{}');
    try {
      const refused = await votturInProcess(['lint', 'api.yaml', '--no-config', '--overlay', outside, '--gate'], {
        cwd: top,
      });
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(/outside the repository/);
    } finally {
      rmSync(outside, { force: true });
    }
  });
});

describe('vottur diff --overlay', () => {
  it('compares the descriptions as patched: the overlay that removes the operation from both leaves no breaking change', async () => {
    const base = join(ROOT, 'fixtures/diff/diff-path-removed/base.yaml');
    const revision = join(ROOT, 'fixtures/diff/diff-path-removed/revision.yaml');
    const plain = await votturInProcess(['diff', base, revision, '--no-config', '--format', 'json'], { cwd: top });
    expect(plain.code).toBe(1);
    const drop = overlay('drop-users.json', [{ target: "$.paths['/v2/users/{nationalId}']", remove: true }]);
    const patched = await votturInProcess(
      ['diff', base, revision, '--no-config', '--overlay', drop, '--format', 'json'],
      {
        cwd: top,
      },
    );
    expect(patched.code).toBe(0);
    const report = JSON.parse(patched.stdout) as JsonReport;
    expect(report.findings.filter((f) => f.ruleId === 'platform-version-removed-without-deprecation')).toEqual([]);
    expect(report.configuration?.overlays?.map((o) => o.path)).toEqual([drop]);
  });
});

describe('vottur test --overlay', () => {
  let server: Server;
  afterAll(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

  it('holds the server to the description as patched', async () => {
    // Answers an `id` that is a string where the description says integer.
    server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"id":"a","createdTimestamp":"2024-01-01T00:00:00.000Z"}');
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    writeFileSync(
      join(top, 'items.yaml'),
      [
        'openapi: 3.0.3',
        'info: { title: Items, version: 1.0.0 }',
        'paths:',
        '  /v1/item:',
        '    get:',
        '      operationId: getItem',
        '      responses:',
        "        '200':",
        '          description: the item',
        '          content:',
        '            application/json:',
        '              schema:',
        '                type: object',
        '                required: [id]',
        '                properties: { id: { type: integer } }',
        '',
      ].join('\n'),
    );
    const asString = overlay('id-string.json', [
      {
        target: "$.paths['/v1/item'].get.responses['200'].content['application/json'].schema.properties.id",
        update: { type: 'string' },
      },
    ]);
    const args = [
      'test',
      'items.yaml',
      '--server',
      `http://127.0.0.1:${port}`,
      '--no-config',
      '--phases',
      'examples',
      '--no-dredd',
      '--format',
      'json',
    ];
    const missing = (report: JsonReport) => report.findings.filter((f) => f.ruleId === 'contract-schema');
    const plain = JSON.parse((await votturInProcess(args, { cwd: top })).stdout) as JsonReport;
    expect(missing(plain).length).toBeGreaterThan(0);
    const patched = JSON.parse(
      (await votturInProcess([...args, '--overlay', asString], { cwd: top })).stdout,
    ) as JsonReport;
    expect(missing(patched)).toEqual([]);
    expect(patched.configuration?.overlays?.map((o) => o.path)).toEqual([asString]);
  }, 120_000);
});
