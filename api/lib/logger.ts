// The process's log: JSON lines on stdout (pino), one object per event, so a log shipper
// needs no parsing rules. `msg` keeps the human sentence; fields carry what a query needs
// (a request's id, method, path, status, duration). Never personal data: request bodies,
// headers and query strings are not logged, and reset tokens in paths are masked
// (request-log.ts).
//
// Lines are written asynchronously (lines that arrive while a write is under way go out
// together in the next, so a busy server makes one write for many lines);
// `flush()` writes what is left, for the moment before the process exits.
import pino from 'pino';

/** A log call: a sentence and, optionally, fields for the JSON line. */
export type Log = (line: string, fields?: Record<string, unknown>) => void;

export interface Logger {
  log: Log;
  flush(): void;
}

export function createLogger(options: { destination?: number | string } = {}): Logger {
  const destination = pino.destination({ dest: options.destination ?? 1, sync: false });
  const logger = pino(
    {
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
  return {
    log: (line, fields) => {
      if (!fields) return logger.info(line);
      const { level, ...rest } = fields;
      logger[level === 'error' || level === 'warn' ? level : 'info'](rest, line);
    },
    flush: () => destination.flushSync(),
  };
}
