/**
 * A rule's page (`docs/rules/<rule-id>.md`) cut into what a hover shows: the one-line statement
 * under the title, the first paragraph of "Why" and the "How to fix" section. Pages are read once.
 */
import { readFileSync } from 'node:fs';
import { packageFile } from '../paths.js';

export interface RuleDoc {
  id: string;
  summary: string;
  why?: string;
  howToFix?: string;
}

const cache = new Map<string, RuleDoc | undefined>();

export function ruleDoc(id: string): RuleDoc | undefined {
  if (!/^[a-z0-9-]+$/.test(id)) return undefined;
  if (cache.has(id)) return cache.get(id);
  let doc: RuleDoc | undefined;
  try {
    doc = parseRuleDoc(id, readFileSync(packageFile(`docs/rules/${id}.md`), 'utf8'));
  } catch {
    // No page for this id (a rule of an extended ruleset): the hover shows no documentation.
    doc = undefined;
  }
  cache.set(id, doc);
  return doc;
}

export function parseRuleDoc(id: string, text: string): RuleDoc {
  const sections = new Map<string, string>();
  let heading = '';
  const body: string[] = [];
  const flush = () => sections.set(heading, body.splice(0).join('\n').trim());
  for (const line of text.split(/\r?\n/)) {
    const match = /^#{1,2}\s+(.*)$/.exec(line);
    if (match) {
      flush();
      heading = (match[1] ?? '').trim().toLowerCase();
    } else body.push(line);
  }
  flush();
  const intro = (sections.get(id) ?? '').split(/\n\s*\n/).filter((paragraph) => !paragraph.startsWith('**Severity'));
  const why = sections.get('why')?.split(/\n\s*\n/)[0];
  const howToFix = sections.get('how to fix');
  return {
    id,
    summary: (intro[0] ?? '').replace(/\n/g, ' '),
    ...(why ? { why: why.replace(/\n/g, ' ') } : {}),
    ...(howToFix ? { howToFix } : {}),
  };
}
