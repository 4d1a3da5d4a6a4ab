// A full garbage collection after each pass over an import file. V8 collects its old
// generation only once it has grown to a multiple of what was live after the last full
// collection (measured here: from 25 MB to 100 MB), and an import leaves garbage there: the
// rows of each batch outlive a database round trip, long enough to be moved out of the
// young generation. Imports one after another (the queue, api/resources/import.ts) would
// so raise the resident memory by 70 MB and more before V8 cleaned up (measured on
// tests/import-memory.test.ts). Collected every 1.5 million characters of a file and after
// each pass (tens of milliseconds each, in seconds of work), the growth is bounded by that
// much work's garbage, whatever the size and number of files. The collector is the one Jest's leak detector reaches the same way.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let gc: (() => void) | undefined;

export function collectGarbage(): void {
  if (!gc) {
    const exposed = (globalThis as { gc?: () => void }).gc;
    if (exposed) gc = exposed;
    else {
      // Exposed for a new context only; the server's own global stays without `gc`.
      setFlagsFromString('--expose-gc');
      gc = runInNewContext('gc') as () => void;
    }
  }
  gc();
}
