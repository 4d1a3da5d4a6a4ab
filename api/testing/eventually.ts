// For what happens on its own a moment later (a socket delivering mail, a woken worker):
// poll the check until it passes, bounded, instead of sleeping a guessed time.

/** Runs `check` until it stops throwing; after `timeoutMs` rethrows its last error. */
export async function eventually(check: () => void, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (err) {
      if (Date.now() > end) throw err;
      await new Promise((r) => setImmediate(r));
    }
  }
}
