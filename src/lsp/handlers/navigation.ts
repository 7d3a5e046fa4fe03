/** Go to definition and find references over `$ref`s, across the files of a description. */
import type { Connection, Location } from 'vscode-languageserver/node';
import { componentAt, refAt, refTarget, samePath } from '../navigation.js';
import { toPath, type DocumentStore } from '../store.js';

export function registerNavigation(connection: Connection, store: DocumentStore): void {
  connection.onDefinition((params) => {
    const path = toPath(params.textDocument.uri);
    const syntax = store.syntaxOf(path);
    const ref = syntax && refAt(syntax, params.position);
    if (!ref) return null;
    const target = refTarget(ref.ref, path, store.folderOf(path));
    if (!target) return null;
    const range = store.syntaxOf(target.file, store.folderOf(path))?.rangeAt(target.pointer);
    if (!range) return null;
    return { uri: store.uriOf(target.file), range } satisfies Location;
  });

  connection.onReferences((params) => {
    const path = toPath(params.textDocument.uri);
    const syntax = store.syntaxOf(path);
    if (!syntax) return null;
    const ref = refAt(syntax, params.position);
    const target = ref
      ? refTarget(ref.ref, path, store.folderOf(path))
      : (() => {
          const component = componentAt(syntax, params.position);
          return component ? { file: path, pointer: component } : undefined;
        })();
    if (!target) return null;
    // Every file of every description this file belongs to, and every open file.
    const files = new Set<string>([
      path,
      target.file,
      ...store.documents.all().map((document) => toPath(document.uri)),
    ]);
    for (const outcome of store.outcomes.values())
      if (outcome.files.includes(path) || outcome.files.includes(target.file))
        for (const file of outcome.files) files.add(file);
    const locations: Location[] = [];
    for (const file of files) {
      const other = file === path ? syntax : store.syntaxOf(file);
      for (const found of other?.refs() ?? []) {
        const leads = refTarget(found.ref, file, store.folderOf(file));
        if (leads && leads.file === target.file && samePath(leads.pointer, target.pointer))
          locations.push({ uri: store.uriOf(file), range: found.range });
      }
    }
    if (params.context.includeDeclaration) {
      const range = store.syntaxOf(target.file, store.folderOf(path))?.rangeAt(target.pointer);
      if (range) locations.unshift({ uri: store.uriOf(target.file), range });
    }
    return locations;
  });
}
