/** Completion: `$ref` targets (the description's components), rule ids and the convention's values. */
import { isMap, isScalar } from 'yaml';
import type { Connection } from 'vscode-languageserver/node';
import { completionsAt } from '../completion.js';
import { Syntax, type JsonPath } from '../syntax.js';
import { toPath, type DocumentStore } from '../store.js';

export function registerCompletion(connection: Connection, store: DocumentStore): void {
  connection.onCompletion(async (params) => {
    const path = toPath(params.textDocument.uri);
    const text = store.textOf(path);
    if (text === undefined) return [];
    // Read through the one bounded reader: a document nested past the bound gets no completion.
    const syntax = Syntax.read(text);
    if (!syntax) return [];
    const components: JsonPath[] = [];
    try {
      const add = (container: JsonPath) => {
        const node = syntax.nodeAt(container);
        if (isMap(node))
          for (const pair of node.items)
            components.push([...container, isScalar(pair.key) ? String(pair.key.value) : String(pair.key)]);
      };
      const top = syntax.nodeAt(['components']);
      if (isMap(top))
        for (const pair of top.items)
          add(['components', isScalar(pair.key) ? String(pair.key.value) : String(pair.key)]);
      for (const container of ['definitions', 'parameters', 'responses']) add([container]);
    } catch {
      // Text mid-edit: values still complete.
    }
    return completionsAt(text, params.position, {
      rules: await store.rules,
      components,
      json: /^\s*[{[]/.test(text),
    }).map((entry) => ({
      label: entry.label,
      kind: entry.kind === 'reference' ? 18 /* Reference */ : entry.kind === 'rule' ? 14 /* Keyword */ : 12 /* Value */,
      ...(entry.detail ? { detail: entry.detail } : {}),
      ...(entry.documentation ? { documentation: entry.documentation } : {}),
      ...(entry.insertText ? { insertText: entry.insertText } : {}),
    }));
  });
}
