/**
 * JUnit XML, as GitLab (`artifacts:reports:junit`), Jenkins (`junit` step) and the GitHub test
 * reporters read it. One `<testsuite>` per linted document and one per exercised operation; one
 * `<testcase>` per rule checked there, passing when the rule found nothing. A rule with an error or
 * warning fails its case (`<failure type="rule-id">`, listing every finding with its location);
 * a rule with only info or hint findings passes and lists them under `<system-out>`. The cases of
 * an operation that was not exercised (no request made) are skipped.
 */
import { absoluteScoreOf, cappedItems } from './configuration.js';
import { hasConfiguration } from '../finding.js';
import { createRequire } from 'node:module';
import type { XMLBuilder as XmlBuilderClass } from 'fast-xml-parser';
import { atLeast, type Finding, type Report, type RuleMeta } from '../finding.js';
import { scoreReport, type ReportScore } from '../score.js';
import { thresholdReasons } from '../gate.js';
import {
  operationsNote,
  allRules,
  isContract,
  locationText,
  maskText,
  reportOperations,
  SEVERITY_LABEL,
  visibleReport,
} from './common.js';
import type { FormatContext } from './types.js';
import { escapeControls, escapedView, neutraliseMarkupCommands } from '../../runtime/escape.js';

/** The XML library (its CommonJS build), loaded on first use: every `vottur` run imports the formatters, few write JUnit. */
let builderClass: typeof XmlBuilderClass | undefined;
function xmlBuilder(): typeof XmlBuilderClass {
  return (builderClass ??= (createRequire(import.meta.url)('fast-xml-parser') as { XMLBuilder: typeof XmlBuilderClass })
    .XMLBuilder);
}

/** Characters XML 1.0 cannot carry at all (even escaped) are dropped. */
function xmlText(text: string): string {
  return text.replace(
    // eslint-disable-next-line no-control-regex -- dropping the control characters XML cannot carry is the point
    /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    '',
  );
}

/** Attribute values are one line: a parser would turn a raw line break into a space anyway. */
function attr(text: string): string {
  return xmlText(text).replace(/\r\n|\r|\n|\t/g, ' ');
}

function seconds(ms: number | undefined): string {
  return ((ms ?? 0) / 1000).toFixed(3);
}

interface Case {
  name: string;
  classname: string;
  file?: string;
  failures: Finding[];
  notes: Finding[];
  skipped?: string;
  /** A failure that is no finding: a threshold the run missed (`--min-score`, `--min-coverage`). */
  missed?: string;
}

interface Suite {
  name: string;
  file?: string;
  durationMs?: number;
  properties: Array<[string, string]>;
  cases: Case[];
}

function findingText(finding: Finding): string {
  const lines = [
    `${SEVERITY_LABEL[finding.severity]}: ${finding.message}${operationsNote(finding)}`,
    `  at ${locationText(finding)}${finding.line !== undefined && finding.operation ? ` (${finding.operation})` : ''}`,
  ];
  if (finding.pointer) lines.push(`  pointer: ${finding.pointer}`);
  if (finding.request) {
    const { method, url, status, durationMs } = finding.request;
    lines.push(
      `  request: ${method} ${url}${status !== undefined ? ` -> ${status}` : ''}${durationMs !== undefined ? ` (${durationMs} ms)` : ''}`,
    );
  }
  lines.push(`  docs: ${finding.docsUrl}`);
  return lines.join('\n');
}

function buildCase(
  rule: RuleMeta,
  classname: string,
  findings: Finding[],
  file: string | undefined,
  skipped?: string,
): Case {
  return {
    name: rule.id,
    classname,
    ...(file ? { file } : {}),
    failures: findings.filter((f) => atLeast(f.severity, 'warn')),
    notes: findings.filter((f) => !atLeast(f.severity, 'warn')),
    ...(skipped ? { skipped } : {}),
  };
}

function suites(report: Report, score: ReportScore): Suite[] {
  const rules = allRules(report);
  const lintRules = rules.filter((r) => !isContract(r));
  const contractRules = rules.filter((r) => isContract(r));
  const documentScore = new Map(score.byDocument.map((d) => [d.document, d]));
  const absolute = absoluteScoreOf(report);
  const overall: Array<[string, string]> = [
    ['vottur.score', String(score.score)],
    ['vottur.grade', score.grade],
    // After a contract run: "N of M operations pass", as the other formats say it.
    ...(score.operations
      ? ([
          ['vottur.operations.passed', String(score.operations.passed)],
          ['vottur.operations.total', String(score.operations.total)],
        ] as Array<[string, string]>)
      : []),
    ...(absolute
      ? ([
          ['vottur.score.absolute', String(absolute.score)],
          ['vottur.grade.absolute', absolute.grade],
        ] as Array<[string, string]>)
      : []),
    // What changed the verdict, an item a property (docs/gate.md).
    ...(hasConfiguration(report.configuration)
      ? cappedItems(report.configuration).map((item): [string, string] => [
          `vottur.configuration.${item.kind}`,
          item.text,
        ])
      : []),
    ...(report.coverage
      ? ([
          ['vottur.coverage', String(report.coverage.percent)],
          ['vottur.seed', String(report.coverage.seed)],
          ['vottur.phases', report.coverage.phases.join(',')],
        ] as Array<[string, string]>)
      : []),
  ];
  const documentProperties = (document: string): Array<[string, string]> => {
    const own = documentScore.get(document);
    return [
      ['vottur.document', document],
      ...(own
        ? ([
            ['vottur.document.score', String(own.score)],
            ['vottur.document.grade', own.grade],
          ] as Array<[string, string]>)
        : []),
    ];
  };
  const result: Suite[] = [];

  // Lint: one suite per document, one case per lint rule.
  const lintFindings = report.findings.filter((f) => !isContract(f));
  const lintDocuments = [
    ...new Set([
      ...(lintRules.length ? report.documents.map((d) => d.path) : []),
      ...lintFindings.map((f) => f.document),
    ]),
  ];
  for (const document of lintDocuments) {
    const own = lintFindings.filter((f) => f.document === document);
    result.push({
      name: document,
      file: document,
      properties: [...overall, ['vottur.source', 'lint'], ...documentProperties(document)],
      cases: lintRules.map((rule) =>
        buildCase(
          rule,
          document,
          own.filter((f) => f.ruleId === rule.id),
          document,
        ),
      ),
    });
  }

  // Contract: one suite per operation, one case per contract rule.
  const contractFindings = report.findings.filter((f) => isContract(f));
  const operations = reportOperations(report);
  const multipleDocuments = new Set(operations.map((o) => o.document)).size > 1;
  for (const operation of operations) {
    const own = contractFindings.filter(
      (f) => f.document === operation.document && f.operation === operation.operation,
    );
    const name = multipleDocuments ? `${operation.document} ${operation.operation}` : operation.operation;
    result.push({
      name,
      durationMs: operation.durationMs,
      properties: [
        ...overall,
        ['vottur.source', 'contract'],
        ...documentProperties(operation.document),
        ['vottur.operation', operation.operation],
        ...(operation.operationId ? ([['vottur.operationId', operation.operationId]] as Array<[string, string]>) : []),
        ['vottur.requests', String(operation.requests)],
        ...operationCoverage(report, operation.document, operation.operation),
      ],
      cases: contractRules.map((rule) =>
        buildCase(
          rule,
          name,
          own.filter((f) => f.ruleId === rule.id),
          undefined,
          operation.notTested !== undefined
            ? `operation not tested: ${operation.notTested}`
            : operation.requests === 0
              ? 'operation not exercised: no request was made'
              : undefined,
        ),
      ),
    });
  }

  // Contract findings with no operation: one suite per document.
  const loose = contractFindings.filter((f) => !f.operation);
  for (const document of [...new Set(loose.map((f) => f.document))]) {
    const own = loose.filter((f) => f.document === document);
    const ruleIds = new Set(own.map((f) => f.ruleId));
    const name = `${document} (contract)`;
    result.push({
      name,
      properties: [...overall, ['vottur.source', 'contract'], ...documentProperties(document)],
      cases: contractRules
        .filter((rule) => ruleIds.has(rule.id))
        .map((rule) =>
          buildCase(
            rule,
            name,
            own.filter((f) => f.ruleId === rule.id),
            undefined,
          ),
        ),
    });
  }
  return result;
}

export function formatJunit(input: Report, context: FormatContext): string {
  // Control characters from a document or a server shown escaped (XML 1.0 cannot carry most of them).
  const report = escapedView(input, escapeControls);
  const visible = visibleReport(report, context.showPii);
  const score = scoreReport(report);
  // Scores are keyed by the original document paths; show them as the rest of the report is shown.
  const visibleScore: ReportScore = {
    ...score,
    byDocument: score.byDocument.map((d) => ({ ...d, document: maskText(d.document, context.showPii) })),
  };
  const all = suites(visible, visibleScore);
  // A threshold missed fails the run with no finding: one failing test case says so, so the
  // totals never read "0 failures" on a failing run.
  const missed = thresholdReasons(visible);
  if (missed.length > 0)
    all.push({
      name: 'vottur gate',
      properties: [],
      cases: [{ name: 'thresholds', classname: 'vottur.gate', failures: [], notes: [], missed: missed.join('; ') }],
    });
  const count = (suite: Suite) => ({
    tests: suite.cases.length,
    failures: suite.cases.filter((c) => !c.skipped && (c.failures.length > 0 || c.missed !== undefined)).length,
    skipped: suite.cases.filter((c) => c.skipped).length,
  });
  const totals = all
    .map(count)
    .reduce(
      (a, b) => ({ tests: a.tests + b.tests, failures: a.failures + b.failures, skipped: a.skipped + b.skipped }),
      {
        tests: 0,
        failures: 0,
        skipped: 0,
      },
    );
  const totalMs = all.reduce((sum, suite) => sum + (suite.durationMs ?? 0), 0);

  const document = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    testsuites: {
      '@_name': attr(visible.tool.name),
      '@_tests': totals.tests,
      '@_failures': totals.failures,
      '@_errors': 0,
      '@_skipped': totals.skipped,
      '@_time': seconds(totalMs),
      '@_timestamp': attr(visible.createdTimestamp),
      testsuite: all.map((suite, id) => {
        const counts = count(suite);
        return {
          '@_name': attr(suite.name),
          '@_id': id,
          '@_tests': counts.tests,
          '@_failures': counts.failures,
          '@_errors': 0,
          '@_skipped': counts.skipped,
          '@_time': seconds(suite.durationMs),
          '@_timestamp': attr(visible.createdTimestamp),
          ...(suite.file ? { '@_file': attr(suite.file) } : {}),
          properties: {
            property: suite.properties.map(([name, value]) => ({ '@_name': attr(name), '@_value': attr(value) })),
          },
          testcase: suite.cases.map((c) => {
            const body: Record<string, unknown> = {
              '@_name': attr(c.name),
              '@_classname': attr(c.classname),
              ...(c.file ? { '@_file': attr(c.file) } : {}),
              '@_time': seconds(0),
            };
            if (c.skipped) body.skipped = { '@_message': attr(c.skipped) };
            else if (c.missed !== undefined)
              body.failure = { '@_message': attr(`The run fails: ${c.missed}.`), '@_type': 'vottur-gate' };
            else {
              const [first, ...others] = c.failures;
              if (first !== undefined)
                body.failure = {
                  '@_message': attr(
                    others.length === 0 ? first.message : `${c.failures.length} findings; first: ${first.message}`,
                  ),
                  '@_type': attr(c.name),
                  '#text': xmlText(c.failures.map(findingText).join('\n\n')),
                };
            }
            if (!c.skipped && c.notes.length > 0) body['system-out'] = xmlText(c.notes.map(findingText).join('\n\n'));
            return body;
          }),
        };
      }),
    },
  };
  const builder = new (xmlBuilder())({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    format: true,
    indentBy: '  ',
    suppressEmptyNode: true,
    processEntities: true,
  });
  // A CI log shows standard output line by line: a description's `::add-mask::` must start no command.
  return `${neutraliseMarkupCommands(builder.build(document).trimEnd())}\n`;
}

/** An operation's coverage as JUnit properties: requests per phase, statuses and inputs exercised. */
function operationCoverage(report: Report, document: string, operation: string): Array<[string, string]> {
  const own = report.coverage?.operations.find((o) => o.document === document && o.operation === operation);
  if (!own) return [];
  return [
    ...Object.entries(own.requests).map(([phase, count]): [string, string] => [
      `vottur.coverage.${phase}`,
      String(count),
    ]),
    ['vottur.coverage.statuses', `${own.statuses.exercised.join(',')}/${own.statuses.documented.join(',')}`],
    ['vottur.coverage.inputs', `${own.inputs.exercised}/${own.inputs.total}`],
  ];
}
