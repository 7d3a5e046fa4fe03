/**
 * A hostile security server's answers are read within lint's bounds (issue 34, item 7; attack B4):
 * three getOpenAPI answers of 4 MB `[[[…]]]` each used to kill `vottur catalogue harvest` with a
 * native out-of-memory abort (exit 134, no harvest.json; one answer cost 23 s and 2.3 GB) while
 * `vottur lint` refused the same document in 2 s, because the harvest parsed descriptions with a
 * reader of its own. Over a real socket: every description goes through lint's reader, so what
 * lint refuses fails that entry alone, and the harvest finishes with the rest. harvest.json, a
 * data file vottur writes, masks people's national identifiers unless `--show-pii`, and escapes
 * the characters a terminal acts on.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HarvestManifest } from '../../src/catalogue/manifest.js';
import { votturInProcess } from '../cli/run.js';
import { tempFolder } from './helpers.js';

/** Deep enough to be refused (lint's bound is 1,000 levels), small enough for a quick test. */
const DEPTH = 200_000;
const PERSON = '0101302049';
const PERSON2 = '0202852069';
const ORG = '5402696029';
const OK = JSON.stringify({
  openapi: '3.0.3',
  info: { title: `Persons \u001b[31m${PERSON}\u202e`, version: '1.0.0' },
  paths: {},
});
/** Valid JSON and an OpenAPI description by its top level, nested 5,000 levels deep below it. */
const DEEP_INSIDE = `{"openapi":"3.0.3","info":{"title":"Deep","version":"1.0.0"},"paths":{},"x-deep":${'['.repeat(5000)}${']'.repeat(5000)}}`;

const answers: Record<string, string> = {
  'ok-v1': OK,
  'deep-array-1': '['.repeat(DEPTH) + ']'.repeat(DEPTH),
  'deep-array-2': '['.repeat(DEPTH) + ']'.repeat(DEPTH),
  'deep-array-3': '['.repeat(DEPTH) + ']'.repeat(DEPTH),
  'deep-object-v1': `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`,
  'deep-inside-v1': DEEP_INSIDE,
  'deep-yaml-v1': `openapi: 3.0.3\ninfo: {title: Y, version: 1.0.0}\npaths: {}\nx: ${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}\n`,
};

const id = (subsystem: string) => ({
  object_type: 'SUBSYSTEM',
  xroad_instance: 'IS',
  member_class: 'GOV',
  member_code: ORG,
  subsystem_code: subsystem,
});

let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    const json = (body: string) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(body);
    };
    if (url.pathname === '/listClients')
      return json(
        JSON.stringify({
          member: [
            {
              id: id('good'),
              name: `Agency ${PERSON} \u001b[31mred\u202eevil`,
              subsystem_name: `Sub ${PERSON2} \u2066x`,
            },
            { id: id('deep-list'), name: 'Deep listing' },
          ],
        }),
      );
    if (url.pathname.endsWith('/deep-list/listMethods')) return json('['.repeat(DEPTH) + ']'.repeat(DEPTH));
    if (url.pathname.endsWith('/good/listMethods'))
      return json(
        JSON.stringify({
          service: Object.keys(answers).map((code) => ({
            ...id('good'),
            object_type: 'SERVICE',
            service_code: code,
            service_type: 'OPENAPI',
            endpoint_list: [{ method: 'GET', path: `/persons/${PERSON}` }],
          })),
        }),
      );
    const code = url.searchParams.get('serviceCode') ?? '';
    if (url.pathname.endsWith('/good/getOpenAPI') && answers[code] !== undefined) return json(answers[code]);
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function harvest(extra: string[] = []) {
  const temp = tempFolder();
  const started = performance.now();
  const run = await votturInProcess(
    ['catalogue', 'harvest', baseUrl, '--xroad-client', `IS/GOV/${ORG}/client`, '--out', 'out', '-q', ...extra],
    { cwd: temp.root },
  );
  const seconds = (performance.now() - started) / 1000;
  const text = readFileSync(join(temp.root, 'out', 'harvest.json'), 'utf8');
  return { run, seconds, text, manifest: JSON.parse(text) as HarvestManifest };
}

describe('a security server answering descriptions nested without end', () => {
  it('refuses each one as lint does, as a failure of that entry, and finishes the harvest with the rest', async () => {
    const { run, seconds, manifest } = await harvest();
    expect(run.stderr).not.toMatch(/unexpected failure|out of memory/i);
    // The harvest subcommand's exit: 0 once harvest.json is written (its failures are the report's findings).
    expect(run.code).toBe(0);
    // Bounded: the depth is counted before any parser runs (the old reader took seconds per answer).
    expect(seconds).toBeLessThan(15);
    const error = (code: string) => manifest.services.find((s) => s.serviceCode === code)?.error;
    expect(manifest.services.find((s) => s.serviceCode === 'ok-v1')).toMatchObject({
      file: `IS/GOV/${ORG}/good/ok-v1.openapi.json`,
      format: 'openapi-3.0',
    });
    expect(error('ok-v1')).toBeUndefined();
    for (const code of Object.keys(answers).filter((c) => c.startsWith('deep-'))) {
      expect(error(code), code).toEqual({
        kind: 'not-openapi',
        reason:
          "getOpenAPI's answer: it is nested deeper than 1000 levels; no API description needs that many, so it is not read",
      });
    }
    expect(manifest.summary).toMatchObject({ services: 7, harvested: 1, failed: 6 });
    // A listing nested without end fails that subsystem, not the harvest.
    expect(manifest.subsystems.find((s) => s.id.endsWith('/deep-list'))?.error).toEqual({
      kind: 'unreachable',
      reason:
        'listMethods did not answer JSON (it is nested deeper than 1000 levels, which no metaservice answer needs)',
    });
    expect(run.stderr).toContain('harvested 1 of 7 REST service descriptions from 2 subsystems');
  });

  it("writes harvest.json with people's national identifiers masked and control characters escaped, unless --show-pii", async () => {
    const { text, manifest } = await harvest();
    for (const raw of ['\u001b', '\u202e', '\u2066']) expect(text).not.toContain(raw);
    expect(text).not.toContain(PERSON);
    expect(text).not.toContain(PERSON2);
    const good = manifest.subsystems.find((s) => s.id.endsWith('/good'));
    expect(good).toMatchObject({
      memberName: 'Agency 010130**** \u001b[31mred\u202eevil',
      subsystemName: 'Sub 020285**** \u2066x',
    });
    const ok = manifest.services.find((s) => s.serviceCode === 'ok-v1');
    expect(ok).toMatchObject({
      title: 'Persons \u001b[31m010130****\u202e',
      endpoints: [{ path: '/persons/010130****' }],
    });
    // An organisation's kennitala (the member code) is a registry number, and names the harvest's folders.
    expect(ok?.name).toBe(`xroad://IS/GOV/${ORG}/good/ok-v1`);

    const shown = await harvest(['--show-pii']);
    for (const raw of ['\u001b', '\u202e', '\u2066']) expect(shown.text).not.toContain(raw);
    expect(shown.manifest.services.find((s) => s.serviceCode === 'ok-v1')?.title).toBe(
      `Persons \u001b[31m${PERSON}\u202e`,
    );
    expect(shown.manifest.subsystems.find((s) => s.id.endsWith('/good'))?.memberName).toContain(PERSON);
  });
});
