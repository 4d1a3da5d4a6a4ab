// The server's entry point. Signal handlers come first, before the server's modules load
// (that takes a while, and until a handler exists a container's PID 1 ignores SIGTERM:
// see lib/lifecycle.ts); then the server itself (run.ts).
import { installSignalHandlers } from './lib/lifecycle.ts';

installSignalHandlers();
await import('./run.ts');
