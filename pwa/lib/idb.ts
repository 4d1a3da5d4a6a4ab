// One IndexedDB database opened once per page (or service worker) and shared by every caller,
// for the outbox and the quiz drafts alike. It steps aside when a newer version of the app
// wants to upgrade it, so that tab's upgrade is not blocked, and a failed open is tried again
// on the next use instead of failing for the page's lifetime.
import { openDB, type DBSchema, type IDBPDatabase, type OpenDBCallbacks } from 'idb';

export function sharedDatabase<S extends DBSchema>(
  name: string,
  version: number,
  upgrade: NonNullable<OpenDBCallbacks<S>['upgrade']>,
): () => Promise<IDBPDatabase<S>> {
  let opening: Promise<IDBPDatabase<S>> | undefined;
  return () => {
    opening ??= openDB<S>(name, version, {
      upgrade,
      blocking() {
        // A newer version of the app wants to upgrade: let it, and reopen lazily.
        void opening?.then((db) => db.close());
        opening = undefined;
      },
    }).catch((err: unknown) => {
      opening = undefined;
      throw err;
    });
    return opening;
  };
}
