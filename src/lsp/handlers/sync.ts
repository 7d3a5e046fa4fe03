/** Text synchronisation: the editor's open, changed, saved and closed documents, and files changed on disk. */
import { FileChangeType, type Connection } from 'vscode-languageserver/node';
import { toPath, type DocumentStore } from '../store.js';

export function registerSync(connection: Connection, store: DocumentStore): void {
  const documents = store.documents;
  documents.onDidOpen((event) => store.considered(event.document));
  documents.onDidChangeContent((event) => store.considered(event.document));
  documents.onDidSave((event) => store.changed(toPath(event.document.uri)));
  documents.onDidClose((event) => store.closed(event.document.uri));

  connection.onDidChangeWatchedFiles((params) => {
    for (const change of params.changes) {
      const path = toPath(change.uri);
      // A file the editor holds open is followed through its text, not the disk.
      if (change.type !== FileChangeType.Deleted && documents.get(change.uri)) continue;
      store.changed(path);
    }
  });
}
