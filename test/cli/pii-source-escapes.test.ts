/**
 * The HTML report's source excerpts show a document's lines as written, so an identifier the
 * source wrote with escapes (`"010130\u20102989"` in a YAML or JSON double-quoted string) was
 * shown unmasked: masking read the line's text, not what it stands for (issue 34, B3). Every form
 * of escape a JSON or YAML double-quoted string has is decoded for the masking decision. The HTML
 * report is the one format that shows source lines (SARIF, GitHub and GitLab only point at them).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { votturInProcess as vottur } from './run.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-pii-escapes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** 0101302989 (a valid person's kennitala), written with the escapes of a double-quoted string. */
const ESCAPED = [
  String.raw`010130\u20102989`,
  String.raw`010130\u002D2989`,
  String.raw`\x30\x31\x30\x31\x33\x30\x2D\x32\x39\x38\x39`,
  String.raw`\u0030\u0031\u0030\u0031\u0033\u0030\u0032\u0039\u0038\u0039`,
  String.raw`010130\_2989`,
  String.raw`010130\ 2989`,
  // Mathematical bold digits: a \U escape (YAML) and a UTF-16 pair (JSON).
  String.raw`\U0001D7CE\U0001D7CF\U0001D7CE\U0001D7CF\U0001D7D1\U0001D7CE\U0001D7D0\U0001D7D7\U0001D7D6\U0001D7D7`,
  String.raw`\uD835\uDFCE\uD835\uDFCF\uD835\uDFCE\uD835\uDFCF\uD835\uDFD1\uD835\uDFCE\uD835\uDFD0\uD835\uDFD7\uD835\uDFD6\uD835\uDFD7`,
];

function yamlWith(example: string): string {
  return `openapi: 3.0.3\ninfo: {title: T, version: "1.0.0"}\npaths: {}\ncomponents:\n  schemas:\n    U:\n      type: object\n      properties:\n        nationalId: {type: integer, example: "${example}"}\n`;
}

function excerpts(html: string): string[] {
  return [...html.matchAll(/<pre class="excerpt"><code>([\s\S]*?)<\/code><\/pre>/g)].map((match) => match[1] ?? '');
}

describe('source excerpts mask identifiers however the source escaped them', () => {
  ESCAPED.forEach((escaped, index) => {
    it(`masks "${escaped}" in the HTML report's excerpt (YAML)`, async () => {
      writeFileSync(join(dir, `api-${index}.yaml`), yamlWith(escaped));
      const result = await vottur(['lint', `api-${index}.yaml`, '-f', 'html'], { cwd: dir });
      const shown = excerpts(result.stdout).join('\n');
      expect(shown).toContain('nationalId');
      expect(shown).not.toContain(escaped);
      expect(shown).toContain('****');
      // --show-pii shows the line as written.
      const plain = await vottur(['lint', `api-${index}.yaml`, '-f', 'html', '--show-pii'], { cwd: dir });
      expect(excerpts(plain.stdout).join('\n')).toContain(escaped);
    });
  });

  it('masks an identifier written with \\u escapes in a JSON description', async () => {
    const escaped = String.raw`\u0030\u0031\u0030\u0031\u0033\u0030\u2010\u0032\u0039\u0038\u0039`;
    writeFileSync(
      join(dir, 'api.json'),
      `{\n  "openapi": "3.0.3",\n  "info": {"title": "T", "version": "1.0.0"},\n  "paths": {},\n  "components": {"schemas": {"U": {"type": "object", "properties": {\n    "nationalId": {"type": "integer", "example": "${escaped}"}\n  }}}}\n}\n`,
    );
    const result = await vottur(['lint', 'api.json', '-f', 'html'], { cwd: dir });
    const shown = excerpts(result.stdout).join('\n');
    expect(shown).toContain('nationalId');
    expect(shown).not.toContain(escaped);
    expect(shown).toContain('****');
  });

  it('leaves escaped digits that are no kennitala as written', async () => {
    const escaped = String.raw`123456\u20107890`;
    writeFileSync(join(dir, 'other.yaml'), yamlWith(escaped));
    const result = await vottur(['lint', 'other.yaml', '-f', 'html'], { cwd: dir });
    expect(excerpts(result.stdout).join('\n')).toContain(escaped);
  });
});
