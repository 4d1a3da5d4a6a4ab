// Signal handling for the server process, installed before anything heavy loads.
//
// A signal can come at any moment, start-up included. In a container the server is PID 1,
// which the kernel gives no default signal handling: a SIGTERM that arrives before a
// handler exists is ignored, and `docker stop` waits its full timeout and kills. Loading
// the server's modules takes a noticeable time, so main.ts installs these handlers first
// and only then loads the server (run.ts). What a signal does depends on how far the
// process got:
// - nothing opened yet (modules still loading): exit 0 at once;
// - starting up: run.ts's start-up handler (log, stop at the next step, or exit where it
//   stands after START_UP_STOP_MS);
// - serving: run.ts's stop handler (graceful: finish requests, stop workers, close).

/**
 * How long a start-up step may run on after a signal. Some steps take seconds (the embedded
 * database's first open, a migration) and `docker stop` must end within two: past this the
 * process exits where it stands. Nothing is lost by that: a migration is a transaction, and
 * the embedded database recovers from an exit mid-write as from a crash.
 */
export const START_UP_STOP_MS = 1_000;

let requested: string | undefined;
let startUpHandler: ((signal: string) => void) | undefined;
let stopHandler: ((signal: string) => Promise<void>) | undefined;

function onSignal(signal: string): void {
  if (stopHandler) {
    const stop = stopHandler;
    stopHandler = async () => {};
    void stop(signal);
    return;
  }
  if (requested) return;
  requested = signal;
  if (startUpHandler) startUpHandler(signal);
  else process.exit(0);
}

export function installSignalHandlers(): void {
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGINT', () => onSignal('SIGINT'));
}

/** Start-up has begun: a signal from now on goes to `handler` (once). */
export function onStartUpSignal(handler: (signal: string) => void): void {
  startUpHandler = handler;
}

/** The server runs: a signal from now on stops it with `handler` (once). */
export function onStopSignal(handler: (signal: string) => Promise<void>): void {
  stopHandler = handler;
}

/** The signal that asked start-up to stop, if one did. */
export function stopRequested(): string | undefined {
  return requested;
}
