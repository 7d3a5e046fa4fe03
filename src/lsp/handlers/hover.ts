/** Hover: a `$ref`'s target, the rule behind each diagnostic under the cursor, and the values of `x-category`/`x-pricing`. */
import { basename } from 'node:path';
import { MarkupKind, type Connection, type Diagnostic } from 'vscode-languageserver/node';
import { maskNationalIds } from '../../pii.js';
import { X_CATEGORY_VALUES, X_PRICING_VALUES } from '../../../rulesets/lib/conventions.js';
import { refAt, refTarget } from '../navigation.js';
import { ruleDoc } from '../rule-docs.js';
import { toPath, type DocumentStore } from '../store.js';

export function registerHover(connection: Connection, store: DocumentStore): void {
  connection.onHover((params) => {
    const path = toPath(params.textDocument.uri);
    const entries = store.publishedOn(path);
    const position = params.position;
    const inRange = (range: Diagnostic['range']) =>
      (position.line > range.start.line ||
        (position.line === range.start.line && position.character >= range.start.character)) &&
      (position.line < range.end.line ||
        (position.line === range.end.line && position.character <= range.end.character));
    const parts: string[] = [];
    const syntax = store.syntaxOf(path);
    // On a `$ref`, its target comes first: that is what the cursor is on.
    const ref = syntax && refAt(syntax, position);
    if (ref) {
      const target = refTarget(ref.ref, path, store.folderOf(path));
      const excerpt = target && store.syntaxOf(target.file, store.folderOf(path))?.excerpt(target.pointer, 12);
      if (target && excerpt !== undefined)
        parts.push(
          `\`${ref.ref}\`${target.file === path ? '' : ` (${basename(target.file)})`}\n\n\`\`\`${target.file.endsWith('.json') ? 'json' : 'yaml'}\n${excerpt}\n\`\`\``,
        );
    }
    for (const { diagnostic } of entries) {
      if (!inRange(diagnostic.range) || typeof diagnostic.code !== 'string') continue;
      // A finding on the whole path item or operation spans every line of it: on a `$ref` inside,
      // it is not what the cursor is on (it still shows on its own first line).
      if (
        ref &&
        diagnostic.range.end.line > diagnostic.range.start.line &&
        diagnostic.range.start.line !== position.line
      )
        continue;
      const doc = ruleDoc(diagnostic.code);
      const lines = [
        `**${diagnostic.code}**${doc ? `: ${doc.summary}` : ''}`,
        '',
        maskNationalIds(typeof diagnostic.message === 'string' ? diagnostic.message : diagnostic.message.value),
      ];
      if (doc?.why) lines.push('', `*Why:* ${doc.why}`);
      if (doc?.howToFix) lines.push('', `*How to fix:* ${doc.howToFix}`);
      if (diagnostic.codeDescription) lines.push('', `[${diagnostic.code}](${diagnostic.codeDescription.href})`);
      parts.push(lines.join('\n'));
    }
    if (syntax) {
      const at = syntax.at(position);
      const field = at?.path.find((segment) => segment === 'x-category' || segment === 'x-pricing');
      if (field && at?.path[0] === 'info') {
        const values = field === 'x-category' ? X_CATEGORY_VALUES : X_PRICING_VALUES;
        parts.push(
          `\`${field}\`: a list of ${values.map((value) => `\`${value}\``).join(', ')} (lower case), e.g. \`${field}: [${values[0]}]\`.`,
        );
      }
    }
    if (parts.length === 0) return null;
    return { contents: { kind: MarkupKind.Markdown, value: parts.join('\n\n---\n\n') } };
  });
}
