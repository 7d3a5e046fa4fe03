/**
 * The documentation pages of the diff checks (`docs/diff/<id>.md` and `docs/diff/README.md`),
 * generated from the checks table so the table stays the one source of truth. Written by
 * `VOTTUR_UPDATE_DOCS=1 npx vitest run test/diff/docs.test.ts`; the test fails when a page is stale.
 */
import { CHECKS, CLASS_LABEL, CLASS_SEVERITY, VERSION_RULES, type CheckDefinition } from './checks.js';
import { describeSource, type RuleSource } from '../../rulesets/lib/rule.js';

const SEVERITY_TEXT = { error: 'error', warn: 'warning', info: 'info', hint: 'hint' } as const;

function acceptSection(id: string): string[] {
  return [
    '## Accepting it on purpose',
    '',
    'On the node in the revision (or one enclosing it):',
    '',
    '```yaml',
    'x-vottur-ignore:',
    `  - rule: ${id}`,
    '    reason: agreed with every caller in ticket API-123',
    '```',
    '',
    'or an entry in the file given to `--accept`:',
    '',
    '```yaml',
    `- rule: ${id}`,
    '  operation: GET /v2/users/{nationalId}   # or pointer: /components/schemas/UserProfile',
    '  reason: agreed with every caller in ticket API-123',
    '```',
    '',
  ];
}

/** Where the platform states the rule: the seed (enforced) or only its design guide. */
function sourceLine(source: RuleSource): string {
  return `Source: ${describeSource(source)}.`;
}

export function checkPage(check: CheckDefinition): string {
  return [
    `# ${check.id}`,
    '',
    `**${CLASS_LABEL[check.class]}** — reported as ${SEVERITY_TEXT[CLASS_SEVERITY[check.class]]} by \`vottur diff\`. Area: ${check.area}; kind: ${check.kind}.`,
    '',
    check.description,
    '',
    ...(check.convention ? [sourceLine(check.convention), ''] : []),
    '## Example',
    '',
    `[\`fixtures/diff/${check.id}/\`](../../fixtures/diff/${check.id}/): \`base.yaml\` → \`revision.yaml\`, with the findings in \`expected.json\`.`,
    '',
    ...(check.class === 'documentation' ? [] : acceptSection(check.id)),
    `See [the diff guide](../diff.md) for classes, direction and the versioning rules.`,
    '',
  ].join('\n');
}

export function versionRulePage(rule: (typeof VERSION_RULES)[number]): string {
  return [
    `# ${rule.id}`,
    '',
    `**Platform versioning rule** — reported as ${SEVERITY_TEXT[rule.severity]} by \`vottur diff\`.`,
    '',
    rule.description,
    '',
    sourceLine(rule.convention),
    '',
    '## Example',
    '',
    `[\`fixtures/diff/${rule.id}/\`](../../fixtures/diff/${rule.id}/): \`base.yaml\` → \`revision.yaml\`, with the findings in \`expected.json\`.`,
    '',
    ...acceptSection(rule.id),
    `See [the diff guide](../diff.md#versioning-rules) for the rules together.`,
    '',
  ].join('\n');
}

export function indexPage(): string {
  const rows = CHECKS.map(
    (c) =>
      `| [${c.id}](${c.id}.md) | ${CLASS_LABEL[c.class]} | ${c.area} | ${c.kind} | ${c.description.replace(/\|/g, '\\|')} |`,
  );
  const versionRows = VERSION_RULES.map(
    (r) =>
      `| [${r.id}](${r.id}.md) | ${SEVERITY_TEXT[r.severity]} | ${describeSource(r.convention)} | ${r.description.replace(/\|/g, '\\|')} |`,
  );
  return [
    '# vottur diff checks',
    '',
    `${CHECKS.length} checks and ${VERSION_RULES.length} platform versioning rules, generated from \`src/diff/checks.ts\`. Breaking → error, needs review → warning, non-breaking → info, documentation only → hint.`,
    '',
    '| Check | Class | Area | Kind | What changed |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
    '## Platform versioning rules',
    '',
    '| Rule | Severity | Source | What it asks |',
    '| --- | --- | --- | --- |',
    ...versionRows,
    '',
  ].join('\n');
}

/** Every generated page: file name under docs/diff/ → text. */
export function diffDocPages(): Map<string, string> {
  const pages = new Map<string, string>([['README.md', indexPage()]]);
  for (const check of CHECKS) pages.set(`${check.id}.md`, checkPage(check));
  for (const rule of VERSION_RULES) pages.set(`${rule.id}.md`, versionRulePage(rule));
  return pages;
}
