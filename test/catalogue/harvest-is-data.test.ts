/**
 * A harvest is what security servers sent: hostile data, whatever the flags (issue 34, C1 and C2).
 * Over the CLI against a hostile development security server: a service code `vottur.config`
 * answering a text that lint's reader took for a description and the configuration's reader for a
 * configuration (a bare CR), beside a "description" holding JavaScript kept as `<code>.rejected`,
 * runs nothing on the catalogue machine; a configuration planted inside a harvest is never read;
 * a code naming one of vottur's own files fails that entry alone; and no code from X-Road's
 * allowed characters makes the harvest write a file vottur then reads as a configuration.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DiagnosticSeverity } from '@stoplight/types';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { descriptionFileName } from '../../src/catalogue/harvest.js';
import { identifierProblem, MAX_SERVICE_CODE_BYTES } from '../../src/catalogue/xroad.js';
import type { DevSubsystem } from '../../src/catalogue/sample.js';
import { ConfigResolver, findConfigFile } from '../../src/config/index.js';
import { CONFIG_FILE_NAMES, VOTTUR_OWN_FILES } from '../../src/paths.js';
import { votturInProcess } from '../cli/run.js';
import { CLIENT, devServer, tempFolder } from './helpers.js';

const DESCRIPTION = 'openapi: 3.0.3\ninfo: { title: Small, version: 1.0.0 }\npaths: {}\n';

function subsystem(codes: Partial<DevSubsystem>, services: DevSubsystem['services']): DevSubsystem {
  return {
    instance: 'IS-DEV',
    memberClass: 'GOV',
    memberCode: '5402696029',
    subsystemCode: 'hostile',
    memberName: 'Hostile agency',
    ...codes,
    services,
  };
}

/** JavaScript that writes `sentinel` when anything runs it (as a module or a script). */
const payload = (sentinel: string) =>
  `process.getBuiltinModule('fs').writeFileSync(${JSON.stringify(sentinel)}, 'ran');\nexport default { rules: {} };\n`;

/** The harvest's one dated folder under `out`. */
function harvestIn(out: string): string {
  const [dated] = readdirSync(out).filter((name) => !name.startsWith('.'));
  if (dated === undefined) throw new Error(`no harvest in ${out}`);
  return join(out, dated);
}

describe('a harvest is data', () => {
  it('runs nothing a security server sends: a bare-CR "description" named vottur.config beside JavaScript kept as .rejected (C1)', async () => {
    const temp = tempFolder();
    const sentinel = join(temp.root, 'SENTINEL');
    // Lint's reader breaks lines at the bare CRs (a description); on main the configuration's
    // reader did not (one comment, then `extends`).
    const planted = `# c\ropenapi: 3.0.3\rinfo: {title: cfg, version: '1.0.0'}\rpaths: {}\nextends: ['./evilrules.rejected']\n`;
    const server = await devServer({
      catalogue: {
        subsystems: [
          subsystem({}, [
            { serviceCode: 'vottur.config', serviceType: 'OPENAPI', answer: { body: planted } },
            { serviceCode: 'evilrules', serviceType: 'OPENAPI', answer: { body: payload(sentinel) } },
            { serviceCode: 'ok-v1', serviceType: 'OPENAPI', answer: { body: DESCRIPTION } },
          ]),
        ],
      },
    });
    const result = await votturInProcess(
      ['catalogue', server.baseUrl, '--xroad-client', CLIENT, '--out', 'h', '--format', 'json', '--jobs', '1'],
      { cwd: temp.root },
    );
    expect(existsSync(sentinel)).toBe(false);
    expect(result.stderr).not.toMatch(/unexpected failure/);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as {
      documents: Array<{ path: string }>;
      findings: Array<{ ruleId: string; document: string }>;
      configuration?: { files: Array<{ path: string; kind: string }>; extends: unknown[] };
    };
    // The report finishes, every service in it; the JavaScript is one entry's failure.
    expect(report.documents.map((d) => d.path)).toEqual(
      expect.arrayContaining([
        'xroad://IS-DEV/GOV/5402696029/hostile/vottur.config',
        'xroad://IS-DEV/GOV/5402696029/hostile/ok-v1',
      ]),
    );
    expect(report.findings).toContainEqual(
      expect.objectContaining({
        ruleId: 'catalogue-not-openapi',
        document: 'xroad://IS-DEV/GOV/5402696029/hostile/evilrules',
      }),
    );
    // No configuration was read, and none extended anything.
    expect(report.configuration?.files.filter((f) => f.kind === 'config') ?? []).toEqual([]);
    expect(report.configuration?.extends ?? []).toEqual([]);
    // The description is written under a name no reader of vottur takes for anything else.
    const folder = join(harvestIn(join(temp.root, 'h')), 'IS-DEV/GOV/5402696029/hostile');
    expect(readdirSync(folder).sort()).toEqual([
      'evilrules.rejected',
      'ok-v1.openapi.yaml',
      'vottur.config.openapi.yaml',
    ]);
  });

  it("never reads a configuration planted inside a harvest; the operator's, above it, applies (C1, without --gate)", async () => {
    const temp = tempFolder();
    const sentinel = join(temp.root, 'SENTINEL');
    const server = await devServer({
      catalogue: {
        subsystems: [subsystem({}, [{ serviceCode: 'ok-v1', serviceType: 'OPENAPI', answer: { body: DESCRIPTION } }])],
      },
    });
    const harvest = await votturInProcess(
      ['catalogue', 'harvest', server.baseUrl, '--xroad-client', CLIENT, '--out', 'h'],
      { cwd: temp.root },
    );
    expect(harvest.code).toBe(0);
    // `catalogue harvest` writes into --out itself.
    const folder = join(temp.root, 'h');
    const subsystemFolder = join(folder, 'IS-DEV/GOV/5402696029/hostile');
    // What a security server could have planted, at every level of the harvest.
    writeFileSync(join(subsystemFolder, 'evil.js'), payload(sentinel));
    for (const at of [folder, join(folder, 'IS-DEV'), subsystemFolder])
      writeFileSync(
        join(at, 'vottur.config.yaml'),
        'extends: [./IS-DEV/GOV/5402696029/hostile/evil.js, ./evil.js]\nrules: { platform-info-contact: off }\n',
      );
    // The operator's configuration, in the working folder above the harvest.
    // Its rulesets are loaded as data only for harvested descriptions: JavaScript is refused, not run.
    writeFileSync(join(temp.root, 'operator.js'), payload(join(temp.root, 'OPERATOR-SENTINEL')));
    writeFileSync(
      join(temp.root, 'vottur.config.yaml'),
      'extends: [./operator.js]\nrules: { platform-info-x-pricing: off }\n',
    );
    const report = await votturInProcess(['catalogue', 'report', folder, '--format', 'json', '--jobs', '1'], {
      cwd: temp.root,
    });
    expect(existsSync(sentinel)).toBe(false);
    expect(report.stderr).not.toMatch(/cannot read the configuration|unexpected failure/);
    const parsed = JSON.parse(report.stdout) as {
      findings: Array<{ ruleId: string; message: string }>;
      configuration: { files: Array<{ path: string; kind: string }>; rules: Array<{ rule: string }> };
    };
    expect(parsed.configuration.files.filter((f) => f.kind === 'config').map((f) => f.path)).toEqual([
      'vottur.config.yaml',
    ]);
    expect(parsed.configuration.rules.map((r) => r.rule)).toEqual(['platform-info-x-pricing']);
    expect(parsed.findings.map((f) => f.ruleId)).toContain('platform-info-contact');
    expect(existsSync(join(temp.root, 'OPERATOR-SENTINEL'))).toBe(false);
    expect(parsed.findings).toContainEqual(
      expect.objectContaining({
        ruleId: 'policy-extends-refused',
        message: expect.stringMatching(
          /`extends: \.\/operator\.js` in vottur\.config\.yaml was not loaded: .*security servers sent/,
        ),
      }),
    );
  });

  it('reads no configuration inside the harvest even when the working folder is inside it: the one above the harvest applies', async () => {
    const { root } = tempFolder();
    const harvest = join(root, 'h');
    const inner = join(harvest, 'IS-DEV', 'GOV');
    mkdirSync(inner, { recursive: true });
    for (const at of [harvest, join(harvest, 'IS-DEV'), inner])
      writeFileSync(join(at, 'vottur.config.yaml'), 'rules: {}\n');
    const resolver = new ConfigResolver({ cwd: inner, untrustedFolder: harvest });
    expect(await resolver.forDocument(join(inner, 'x.openapi.yaml'))).toBeUndefined();
    expect(await resolver.forDocument('xroad://IS-DEV/GOV/1/s/x')).toBeUndefined();
    writeFileSync(join(root, 'vottur.config.yaml'), 'rules: {}\n');
    const above = new ConfigResolver({ cwd: inner, untrustedFolder: harvest });
    expect((await above.forDocument(join(inner, 'x.openapi.yaml')))?.file).toBe(join(root, 'vottur.config.yaml'));
  });

  it("fails only the entry whose code names one of vottur's files, never the report (C2)", async () => {
    const temp = tempFolder();
    const ok = (serviceCode: string) => ({
      serviceCode,
      serviceType: 'OPENAPI' as const,
      answer: { body: DESCRIPTION },
    });
    const server = await devServer({
      catalogue: {
        subsystems: [
          subsystem({}, [ok('vottur.config'), ok('vottur.config.yaml'), ok('vottur-baseline.json'), ok('ok-v1')]),
          subsystem({ subsystemCode: 'vottur.config.yaml' }, [ok('other-v1')]),
          subsystem({ memberCode: 'VOTTUR.CONFIG.JSON' }, [ok('other-v1')]),
          subsystem({ instance: 'vottur.config.yml' }, [ok('other-v1')]),
        ],
      },
    });
    const result = await votturInProcess(
      [
        'catalogue',
        server.baseUrl,
        '--xroad-client',
        CLIENT,
        '--out',
        'h',
        '--format',
        'json',
        '--jobs',
        '1',
        '--gate',
      ],
      { cwd: temp.root },
    );
    expect(result.stderr).not.toMatch(/unexpected failure|is not a configuration key|not a regular file/);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as { findings: Array<{ ruleId: string; message: string }> };
    const invalid = report.findings.filter((f) => f.ruleId === 'catalogue-invalid-identifier');
    expect(invalid.map((f) => f.message)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /"vottur\.config\.yaml"\].*its subsystem code is not a valid X-Road code: it is the name of a file vottur reads/,
        ),
        expect.stringMatching(/"VOTTUR\.CONFIG\.JSON".*it is the name of a file vottur reads/),
        expect.stringMatching(/^\["vottur\.config\.yml".*it is the name of a file vottur reads/),
        expect.stringMatching(/"vottur-baseline\.json"\].*it is the name of a file vottur reads/),
      ]),
    );
    // `vottur.config` is an ordinary code: harvested under the fixed suffix and linted.
    const folder = join(harvestIn(join(temp.root, 'h')), 'IS-DEV/GOV/5402696029/hostile');
    expect(readdirSync(folder).sort()).toEqual(['ok-v1.openapi.yaml', 'vottur.config.openapi.yaml']);
    expect(readFileSync(join(folder, 'vottur.config.openapi.yaml'), 'utf8')).toBe(DESCRIPTION);
  });

  it("no code from X-Road's characters makes the harvest write a name vottur reads as its own file (property)", () => {
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'()+,-.=?_".split('');
    const own = [...VOTTUR_OWN_FILES, ...CONFIG_FILE_NAMES.map((name) => name.replace(/\.[a-z]+$/, ''))];
    // vottur's own names, in any case, cut or extended by X-Road characters, and free strings.
    const piece = fc.oneof(
      fc.constantFrom(...own, 'vottur', '.yaml', '.yml', '.json', '.rejected', '.openapi', '.config'),
      fc.string({ unit: fc.constantFrom(...alphabet), maxLength: 12 }),
    );
    const code = fc
      .tuple(fc.array(piece, { minLength: 1, maxLength: 4 }), fc.array(fc.boolean(), { maxLength: 40 }))
      .map(([pieces, upper]) =>
        [...pieces.join('')].map((c, i) => (upper[i % Math.max(upper.length, 1)] ? c.toUpperCase() : c)).join(''),
      );
    const ownNames = new Set([...VOTTUR_OWN_FILES].map((name) => name.toLowerCase()));
    const folder = tempFolder().root;
    fc.assert(
      fc.property(code, (text) => {
        // A folder of the harvest (instance, class, member, subsystem).
        if (identifierProblem(text, 'code') === undefined) expect(ownNames.has(text.toLowerCase())).toBe(false);
        if (identifierProblem(text, 'instance') === undefined) expect(ownNames.has(text.toLowerCase())).toBe(false);
        // Every file a service code names: its description, its rejected answer, its download.
        if (identifierProblem(text, 'service') !== undefined) return;
        expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MAX_SERVICE_CODE_BYTES);
        const names = [descriptionFileName(text, true), descriptionFileName(text, false), `${text}.rejected`];
        for (const name of names) expect(ownNames.has(name.toLowerCase())).toBe(false);
        // Written where a configuration would be looked for, none is found.
        const here = join(folder, 'f');
        mkdirSync(here, { recursive: true });
        for (const name of names) writeFileSync(join(here, name), DESCRIPTION);
        expect(findConfigFile(here, here)).toBeUndefined();
        for (const name of names) rmSync(join(here, name), { force: true });
      }),
      { numRuns: 300 },
    );
  });
});

describe('one YAML reader', () => {
  it('a text lint reads as a description is not a configuration to vottur (a bare CR breaks a line for both readers)', async () => {
    const temp = tempFolder();
    const planted = `# c\ropenapi: 3.0.3\rinfo: {title: cfg, version: '1.0.0'}\rpaths: {}\nextends: ['./evil.js']\n`;
    writeFileSync(join(temp.root, 'planted.yaml'), planted);
    writeFileSync(join(temp.root, 'api.yaml'), DESCRIPTION);
    const result = await votturInProcess(['lint', 'api.yaml', '--config', 'planted.yaml'], { cwd: temp.root });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/planted\.yaml: `openapi` is not a configuration key vottur knows/);
  });

  it("the yaml package and lint's reader see the same data whatever the line breaks (property)", async () => {
    const { parse } = await import('yaml');
    const { parseYaml } = await import('../../src/lint/yaml.js');
    const { yamlLineBreaks } = await import('../../src/runtime/yaml-lines.js');
    const line = fc.oneof(
      fc.constantFrom(
        '# comment',
        'a: 1',
        'b: two',
        'c: [1, 2]',
        'd:',
        '  e: 3',
        '  - f',
        'g: "x',
        'y"',
        'h: |',
        '  text',
      ),
      fc.stringMatching(/^[a-z]{1,4}: [a-z0-9]{0,4}$/),
    );
    const text = fc
      .array(fc.tuple(line, fc.constantFrom('\n', '\r', '\r\n')), { minLength: 1, maxLength: 8 })
      .map((lines) => lines.map(([l, b]) => l + b).join(''));
    fc.assert(
      fc.property(text, (t) => {
        let ours: unknown;
        let theirs: unknown;
        try {
          ours = { data: parse(yamlLineBreaks(t), { uniqueKeys: false }) as unknown };
        } catch {
          ours = 'refused';
        }
        try {
          const parsed = parseYaml(t).parsed;
          theirs = parsed.diagnostics.some((d) => d.severity === DiagnosticSeverity.Error)
            ? 'refused'
            : { data: parsed.data };
        } catch {
          theirs = 'refused';
        }
        // Never two different documents: where both read the text, they read the same data.
        if (ours !== 'refused' && theirs !== 'refused') expect(ours).toEqual(theirs);
      }),
      { numRuns: 300 },
    );
  });
});
