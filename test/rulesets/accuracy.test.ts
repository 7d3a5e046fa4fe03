/**
 * Accuracy on real catalogue descriptions: what each rule says about the shapes the
 * catalogue's services write. The fixtures are small extracts under fixtures/rules/; the second
 * part asserts the named cases on the real files of ../shared/corpus (skipped, visibly, without it).
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { lintDocument, nativeLinter } from '../../src/lint/lint.js';
import { RULES } from '../../rulesets/rules/index.js';
import { toAllCaps } from '../../rulesets/lib/conventions.js';
import { DEFAULT_VOCABULARY, matchNationalIdAlias } from '../../rulesets/lib/vocabulary.js';

const ROOT = join(import.meta.dirname, '../..');
const FIXTURES = join(ROOT, 'fixtures/rules');

/** ../shared/corpus, found by walking up from the repository (worktrees sit deeper), or $VOTTUR_CORPUS. */
function corpusRoot(): string | undefined {
  if (process.env.VOTTUR_CORPUS) return process.env.VOTTUR_CORPUS;
  for (let dir = resolve(ROOT); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'shared/corpus/catalogue'))) return join(dir, 'shared/corpus');
    if (dirname(dir) === dir) return undefined;
  }
}

async function findings(file: string, ruleId?: string) {
  const linter = nativeLinter(ruleId ? RULES.filter((rule) => rule.id === ruleId) : RULES);
  const result = await lintDocument(file, { linter });
  return result.findings;
}

describe('names and messages on catalogue shapes', () => {
  it('enum suggestions keep every word and every letter: `Í gildi` → `Í_GILDI`, `høring` → `HØRING`', async () => {
    expect(toAllCaps('Í gildi')).toBe('Í_GILDI');
    expect(toAllCaps('Útrunnið')).toBe('ÚTRUNNIÐ');
    expect(toAllCaps('høring')).toBe('HØRING');
    const found = await findings(
      join(FIXTURES, 'platform-enum-value-upper-case/fail-icelandic.yaml'),
      'platform-enum-value-upper-case',
    );
    expect(found.map((f) => f.message)).toEqual([
      'Enum value `Í gildi` is not ALL_CAPS; write `Í_GILDI`.',
      'Enum value `Útrunnið` is not ALL_CAPS; write `ÚTRUNNIÐ`.',
    ]);
  });

  it('national identifier aliases and their platform names', async () => {
    expect(matchNationalIdAlias('companyssn', DEFAULT_VOCABULARY)).toEqual({ prefix: ['company'], plural: false });
    expect(matchNationalIdAlias('kennitalaMaka', DEFAULT_VOCABULARY)).toEqual({ prefix: ['spouse'], plural: false });
    expect(matchNationalIdAlias('persidno', DEFAULT_VOCABULARY)).toEqual({ prefix: [], plural: false });
    expect(matchNationalIdAlias('person_id_number', DEFAULT_VOCABULARY)).toEqual({ prefix: [], plural: false });
    expect(matchNationalIdAlias('kennitalaXyz', DEFAULT_VOCABULARY)).toBeUndefined();
    const found = await findings(
      join(FIXTURES, 'platform-national-id-name/fail-catalogue-names.yaml'),
      'platform-national-id-name',
    );
    const messages = found.map((f) => f.message).join('\n');
    expect(messages).toContain('`kennitalaMaka` holds a national identifier; name it `spouseNationalId`');
    expect(messages).toContain('`companyssn` holds a national identifier; name it `companyNationalId`');
    expect(messages).toContain('`ssid` holds a national identifier; name it `nationalId`');
  });
  it('a variable used twice is told a second name in its own case style', async () => {
    const found = await findings(
      join(FIXTURES, 'platform-path-parameters/fail-repeated-snake.yaml'),
      'platform-path-parameters',
    );
    expect(found.map((f) => f.message.replace(/.*\(e\.g\. /, ''))).toEqual([
      '`{account_id}` and `{other_account_id}`).',
    ]);
  });

  it('a POST that updates through a verb under a collection is told to PATCH the member, naming the field', async () => {
    const found = await findings(
      join(FIXTURES, 'platform-http-method-semantics/fail-update-on-collection.yaml'),
      'platform-http-method-semantics',
    );
    expect(found.map((f) => f.message.replace(/.*: write /, 'write '))).toEqual([
      'write `PATCH /v1/barriers/{id}` with the new `status` in the body.',
      'write `PATCH /v1/permits/{permitId}` with the new `expiry` in the body.',
    ]);
  });
});

const CORPUS = corpusRoot();
const catalogue = (name: string) => join(CORPUS ?? '', 'catalogue', name);

describe.skipIf(!CORPUS)('named cases on the real catalogue corpus (../shared/corpus)', () => {
  it('rsk-company-registry.json: path parameter `ssid` (default 4710032980) is a national identifier', async () => {
    const found = await findings(catalogue('rsk-company-registry.json'));
    const at = (rule: string) =>
      found.filter((f) => f.ruleId === rule && f.pointer.startsWith('/paths/~1{ssid}/get/parameters/0')).length;
    expect(at('platform-national-id-name')).toBe(1);
    expect(at('platform-national-id-format')).toBe(1);
    expect(at('platform-sensitive-param')).toBe(1);
  });

  it('work-accident-ver.json: query `companyssn` is a national identifier; OPTIONS has no error-response findings', async () => {
    const found = await findings(catalogue('work-accident-ver.json'));
    expect(
      found.some(
        (f) =>
          f.ruleId === 'platform-national-id-name' &&
          f.message.includes('`companyssn`') &&
          f.message.includes('`companyNationalId`'),
      ),
    ).toBe(true);
    expect(found.some((f) => f.ruleId === 'platform-sensitive-param' && f.message.includes('`companyssn`'))).toBe(true);
    const errorRules = [
      'platform-response-errors',
      'platform-response-auth-errors',
      'platform-no-404',
      'platform-problem-content-type',
      'platform-problem-schema',
    ];
    expect(found.filter((f) => errorRules.includes(f.ruleId) && f.pointer.includes('/options/'))).toEqual([]);
  });

  it.each(['practical-exams-ver.json', 'seminars-ver.json'])(
    '%s: query `nationalIds` gets the item format and sensitive-parameter checks',
    async (name) => {
      const found = await findings(catalogue(name));
      expect(
        found.some(
          (f) =>
            f.ruleId === 'platform-national-id-format' &&
            f.message.startsWith('Each item of `nationalIds` has no `pattern`') &&
            f.pointer.endsWith('/schema/items'),
        ),
      ).toBe(true);
      expect(found.some((f) => f.ruleId === 'platform-sensitive-param' && f.message.includes('`nationalIds`'))).toBe(
        true,
      );
    },
  );

  it('social-insurance-administration.yaml: `Child.childDoesNotHaveNationalId` (boolean) is not an identifier', async () => {
    const found = await findings(catalogue('social-insurance-administration.yaml'));
    expect(
      found.filter(
        (f) => f.ruleId.startsWith('platform-national-id') && f.pointer.includes('childDoesNotHaveNationalId'),
      ),
    ).toEqual([]);
  });

  it('legal-gazette.json: the shared error schema `ApiErrorDto` is one problem-content-type finding at the schema', async () => {
    const found = (await findings(catalogue('legal-gazette.json'))).filter(
      (f) => f.ruleId === 'platform-problem-content-type',
    );
    expect(found.map((f) => f.pointer)).toEqual(['/components/schemas/ApiErrorDto']);
    expect(found[0].message).toContain('by 40 error responses');
    // And the 40 error bodies without an example are one finding at that schema too, not 40.
    const examples = (await findings(catalogue('legal-gazette.json'), 'platform-response-body-example')).filter((f) =>
      f.message.includes('ApiErrorDto'),
    );
    expect(examples.map((f) => f.pointer)).toEqual(['/components/schemas/ApiErrorDto']);
    expect(examples[0].message).toContain('is the body of 40 responses without an example');
  });

  it('university-of-akureyri.yaml: `graduationDate: "2021-11-24"` without format is flagged', async () => {
    const found = await findings(catalogue('university-of-akureyri.yaml'), 'platform-date-time-format');
    expect(found.some((f) => f.pointer === '/components/schemas/studentTrack/properties/graduationDate')).toBe(true);
  });

  it('work-accident-ver.json `GET /api/Accidents` and rsk-company-registry.json `/search/{search_string}`: offset/page paging is reported', async () => {
    const work = await findings(catalogue('work-accident-ver.json'), 'platform-pagination');
    expect(work.some((f) => f.message.startsWith('`GET /api/Accidents` pages with `PageNumber`, `PageSize`'))).toBe(
      true,
    );
    const rsk = await findings(catalogue('rsk-company-registry.json'), 'platform-pagination');
    expect(
      rsk.some(
        (f) => f.pointer === '/paths/~1search~1{search_string}/get/parameters' && f.message.includes('`offset`'),
      ),
    ).toBe(true);
  });

  it('transport-authority-taxi.json: `DriverEntity`, returned as a bare array, needs createdTimestamp', async () => {
    const found = await findings(catalogue('transport-authority-taxi.json'), 'platform-created-timestamp');
    expect(found.map((f) => f.pointer)).toContain('/components/schemas/DriverEntity');
  });

  it('seminars-ver.json `GET /api/Course`: no error responses is one finding, naming 401 and 403, not three', async () => {
    const found = (await findings(catalogue('seminars-ver.json'))).filter((f) =>
      f.pointer.startsWith('/paths/~1api~1Course/get'),
    );
    const errors = found.filter(
      (f) => f.ruleId === 'platform-response-errors' || f.ruleId === 'platform-response-auth-errors',
    );
    expect(errors.map((f) => f.ruleId)).toEqual(['platform-response-errors']);
    expect(errors[0].message).toMatch(
      /documents no error response \(only `200`\).*it requires authentication, so `'401'` \(no valid token\) and `'403'` \(no access\) too\.$/,
    );
  });

  it('university-application-bifrost-university.yaml `POST /applications/{id}`: a POST to a single resource is reported', async () => {
    const found = await findings(
      catalogue('university-application-bifrost-university.yaml'),
      'platform-http-method-semantics',
    );
    expect(found.map((f) => f.pointer)).toEqual(['/paths/~1applications~1{id}/post']);
  });

  it('transport-authority-taxi.json: `DriverEntity`, returned as a bare array, needs createdTimestamp', async () => {
    const found = await findings(catalogue('transport-authority-taxi.json'), 'platform-created-timestamp');
    expect(found.map((f) => f.pointer)).toContain('/components/schemas/DriverEntity');
  });

  it('seminars-ver.json `GET /api/Course`: no error responses is one finding, naming 401 and 403, not three', async () => {
    const found = (await findings(catalogue('seminars-ver.json'))).filter((f) =>
      f.pointer.startsWith('/paths/~1api~1Course/get'),
    );
    const errors = found.filter(
      (f) => f.ruleId === 'platform-response-errors' || f.ruleId === 'platform-response-auth-errors',
    );
    expect(errors.map((f) => f.ruleId)).toEqual(['platform-response-errors']);
    expect(errors[0].message).toMatch(
      /documents no error response \(only `200`\).*it requires authentication, so `'401'` \(no valid token\) and `'403'` \(no access\) too\.$/,
    );
  });

  it('university-application-bifrost-university.yaml `POST /applications/{id}`: a POST to a single resource is reported', async () => {
    const found = await findings(
      catalogue('university-application-bifrost-university.yaml'),
      'platform-http-method-semantics',
    );
    expect(found.map((f) => f.pointer)).toEqual(['/paths/~1applications~1{id}/post']);
  });

  /**
   * platform-get-204's findings on the description with its 404 responses taken out: a GET that
   * documents 404 is platform-no-404's one finding, and get-204's recognition of single resources
   * and their parts is what these cases measure.
   */
  const askedFor204 = async (file: string) => {
    const data = parseYaml(readFileSync(file, 'utf8')) as { paths?: Record<string, Record<string, unknown>> };
    for (const item of Object.values(data.paths ?? {}))
      for (const op of Object.values(item ?? {}))
        if (op !== null && typeof op === 'object' && 'responses' in op) {
          const responses = (op as { responses?: Record<string, unknown> }).responses;
          if (responses) delete responses['404'];
        }
    const copy = join(mkdtempSync(join(tmpdir(), 'vottur-accuracy-')), basename(file).replace(/\.ya?ml$/, '.json'));
    writeFileSync(copy, JSON.stringify(data, null, 2));
    return findings(copy, 'platform-get-204');
  };

  it('one-systems and university-of-akureyri: a GET of a part of one resource (`/rulings/{id}/pdf`, `/ferill/{ferill}/file/transcript`) is asked for 204', async () => {
    const rulings = await askedFor204(catalogue('one-systems-complaints-committee-rulings.json'));
    expect(rulings.map((f) => f.pointer)).toEqual(['/paths/~1api~1rulings~1{id}~1pdf/get/responses']);
    expect(rulings[0].message).toContain('reads a part of the resource `{id}` (`pdf`)');
    const akureyri = await askedFor204(catalogue('university-of-akureyri.yaml'));
    expect(akureyri.map((f) => f.pointer).sort()).toEqual([
      '/paths/~1nemandi~1ferill~1{ferill}/get/responses',
      '/paths/~1nemandi~1ferill~1{ferill}~1file~1transcript/get/responses',
    ]);
  });

  it('nl_brk_bevragen.yaml and it_siopeplus.yaml: collections under one resource, named in Dutch and Italian, are not asked for 204', async () => {
    const brk = await askedFor204(join(CORPUS ?? '', 'real/nl_brk_bevragen.yaml'));
    const collections = ['hypotheken', 'beslagen', 'zakelijkgerechtigden', 'privaatrechtelijkebeperkingen'];
    expect(brk.filter((f) => collections.some((name) => f.pointer.endsWith(`~1${name}/get/responses`)))).toEqual([]);
    expect(brk.map((f) => f.pointer)).toContain(
      '/paths/~1kadastraalonroerendezaken~1{kadastraalOnroerendeZaakIdentificatie}~1hypotheken~1{hypotheekIdentificatie}/get/responses',
    );
    const siope = await askedFor204(join(CORPUS ?? '', 'real/it_siopeplus.yaml'));
    expect(siope.map((f) => f.pointer)).not.toContain('/paths/~1{idA2A}~1PA~1{codEnte}~1flusso/get/responses');
    expect(siope.map((f) => f.pointer)).toContain(
      '/paths/~1{idA2A}~1PA~1{codEnte}~1flusso~1{progFlusso}~1ack/get/responses',
    );
  });

  it('transport-authority-taxi.json: `persidno` and `representativePersidno` are national identifiers', async () => {
    const found = await findings(catalogue('transport-authority-taxi.json'), 'platform-national-id-name');
    expect(found.map((f) => f.pointer)).toEqual(
      expect.arrayContaining([
        '/components/schemas/DriverEntity/properties/persidno',
        '/components/schemas/DriverEntity/properties/representativePersidno',
      ]),
    );
  });
});

if (!CORPUS) {
  describe('named cases on the real catalogue corpus', () => {
    it.skip('skipped: ../shared/corpus is absent (set VOTTUR_CORPUS)', () => {});
  });
}
