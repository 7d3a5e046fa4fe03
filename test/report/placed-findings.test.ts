/**
 * Contract and diff findings carry their place in the description from where they are made: a
 * report rendered after the description changed on disk, or was deleted, still points at the
 * lines the run saw (SARIF, GitHub and GitLab annotations, and a JSON report read back). No
 * format reads or parses a description to place a finding.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadContractDescription } from '../../src/contract/description.js';
import { placedInDescription } from '../../src/contract/finding.js';
import { runContractTests } from '../../src/contract/index.js';
import { diffDescriptions } from '../../src/diff/index.js';
import type { Finding, Report } from '../../src/report/finding.js';
import { formatGithub } from '../../src/report/formatters/github.js';
import { formatGitlab } from '../../src/report/formatters/gitlab.js';
import { formatJson } from '../../src/report/formatters/json.js';
import { toSarif } from '../../src/report/formatters/sarif.js';
import { parseJsonReport } from '../../src/report/merge.js';
import { startThingsServer, THINGS_DESCRIPTION, THINGS_TOKEN, type TestServer } from '../contract/fixtures/servers.js';
import { CONTRACT_FINDINGS, CWD, DOCUMENT } from './sample.js';

let dir: string;
const servers: TestServer[] = [];
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'vottur-placed-'));
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Place {
  line: number;
  column: number;
}

/** Every finding's place as each format renders it, in the report's order. */
function renderedPlaces(report: Report, cwd: string): { sarif: Place[]; github: Place[]; gitlab: number[] } {
  const context = { cwd, color: false, showPii: false };
  // Read back as a consumer would: the SARIF log as JSON text.
  const sarif = JSON.parse(JSON.stringify(toSarif(report, context))) as {
    runs: Array<{
      results: Array<{
        locations?: Array<{ physicalLocation?: { region: { startLine: number; startColumn: number } } }>;
      }>;
    }>;
  };
  const results = sarif.runs[0]?.results ?? [];
  const github = formatGithub(report, context)
    .split('\n')
    .filter((line) => line.startsWith('::'))
    .map((line) => {
      const match = /,line=(\d+),col=(\d+)/.exec(line);
      return { line: Number(match?.[1] ?? 0), column: Number(match?.[2] ?? 0) };
    });
  const gitlab = (JSON.parse(formatGitlab(report, context)) as Array<{ location: { lines: { begin: number } } }>).map(
    (issue) => issue.location.lines.begin,
  );
  return {
    sarif: results.map((result) => {
      const region = result.locations?.[0]?.physicalLocation?.region;
      return { line: region?.startLine ?? 0, column: region?.startColumn ?? 0 };
    }),
    github,
    gitlab,
  };
}

/** The line of `method:` under `path:` in a description written with two-space indents. */
function operationLine(text: string, operation: string): number {
  const [method = '', path = ''] = operation.split(' ');
  const lines = text.split('\n');
  const pathLine = lines.indexOf(`  ${path}:`);
  return lines.findIndex((line, index) => index > pathLine && line === `    ${method.toLowerCase()}:`) + 1;
}

describe('contract findings are placed where they are made', () => {
  it('on the description node their pointer names, else on their operation, never on a payload pointer', async () => {
    const description = await loadContractDescription(resolve(CWD, DOCUMENT), { cwd: CWD });
    const [response, status, contentType] = CONTRACT_FINDINGS.map(
      ({ descriptionPosition: _placed, ...finding }): Finding => finding,
    );
    if (!response || !status || !contentType) throw new Error('the sample has three contract findings');
    // `/nationalId` is a member of the payload: the operation's key.
    expect(placedInDescription(response, description).descriptionPosition).toEqual({ line: 8, column: 5 });
    // `…/responses` is in the description.
    expect(placedInDescription(status, description).descriptionPosition).toEqual({ line: 28, column: 7 });
    expect(placedInDescription(contentType, description).descriptionPosition).toEqual({ line: 26, column: 5 });
    // A finding with a line of its own keeps it; one with no operation and no description pointer has no place.
    const lined = { ...status, line: 3, column: 2 };
    expect(placedInDescription(lined, description)).toBe(lined);
    const { operation: _operation, ...bare } = contentType;
    expect(placedInDescription(bare, description).descriptionPosition).toBeUndefined();
  });

  it('a live run: rendered after the description changed on disk and after it was deleted, the same lines', async () => {
    const file = join(dir, 'things.yaml');
    copyFileSync(THINGS_DESCRIPTION, file);
    const text = readFileSync(file, 'utf8');
    const server = await startThingsServer({ plainErrors: true, noAuth: true });
    servers.push(server);
    const report = await runContractTests({
      description: 'things.yaml',
      server: server.url,
      cwd: dir,
      auth: { bearer: THINGS_TOKEN },
      dredd: false,
      phases: 'examples',
    });
    const placed = report.findings.filter((finding) => finding.descriptionPosition !== undefined);
    expect(placed.length).toBeGreaterThan(0);
    // At least one finding sits on its operation's key, as the file reads.
    expect(
      placed.some(
        (finding) =>
          finding.operation !== undefined &&
          finding.descriptionPosition?.line === operationLine(text, finding.operation) &&
          finding.descriptionPosition.column === 5,
      ),
    ).toBe(true);
    const expected = report.findings.map((finding) => finding.descriptionPosition ?? { line: 1, column: 1 });
    const asRun = renderedPlaces(report, dir);
    expect(asRun.sarif).toEqual(expected);
    expect(asRun.github).toEqual(expected);
    expect(asRun.gitlab).toEqual(expected.map((place) => place.line));

    // Changed on disk: ten lines more at the top. The report still points where the run saw the finding.
    writeFileSync(file, `${'# moved down\n'.repeat(10)}${text}`);
    expect(renderedPlaces(report, dir)).toEqual(asRun);
    // Read back from a JSON report (`vottur report`), with the file gone.
    rmSync(file);
    const readBack = parseJsonReport(JSON.parse(formatJson(report, { cwd: dir, color: false, showPii: false })));
    expect(renderedPlaces(readBack, dir)).toEqual(asRun);
    expect(renderedPlaces(report, dir)).toEqual(asRun);
  });
});

describe('diff findings are placed where they are made', () => {
  it('in the revision, with the base as a related location, whatever the files hold later', async () => {
    const folder = resolve(CWD, 'fixtures/diff/diff-operation-removed');
    copyFileSync(join(folder, 'base.yaml'), join(dir, 'base.yaml'));
    copyFileSync(join(folder, 'revision.yaml'), join(dir, 'revision.yaml'));
    const report = await diffDescriptions('base.yaml', 'revision.yaml', { cwd: dir });
    const finding = report.findings.find((f) => f.ruleId === 'diff-operation-removed');
    expect(finding?.line).toBeGreaterThan(1);
    expect(finding?.related?.[0]?.line).toBeGreaterThan(1);
    const expected = report.findings.map((f) => ({ line: f.line ?? 1, column: f.column ?? 1 }));
    const related = (r: Report) =>
      (
        JSON.parse(JSON.stringify(toSarif(r, { cwd: dir, showPii: false }))) as {
          runs: Array<{ results: Array<{ relatedLocations?: Array<{ physicalLocation: { region: unknown } }> }> }>;
        }
      ).runs[0]?.results.map((result) => result.relatedLocations?.map((l) => l.physicalLocation.region));
    const asRun = renderedPlaces(report, dir);
    const relatedAsRun = related(report);
    expect(asRun.sarif).toEqual(expected);
    expect(asRun.github).toEqual(expected);

    for (const name of ['base.yaml', 'revision.yaml'])
      writeFileSync(join(dir, name), `${'# moved down\n'.repeat(10)}${readFileSync(join(dir, name), 'utf8')}`);
    expect(renderedPlaces(report, dir)).toEqual(asRun);
    expect(related(report)).toEqual(relatedAsRun);
    for (const name of ['base.yaml', 'revision.yaml']) rmSync(join(dir, name));
    expect(renderedPlaces(report, dir)).toEqual(asRun);
    expect(related(report)).toEqual(relatedAsRun);
  });
});
