// Group commit: while a few writes are in flight, new ones wait and go together in the
// next one. A lone request goes at once; under a classroom's burst one round trip and one
// commit carry many rows. Each waiter gets back only its own rows and its own failures,
// and a write that throws rejects only the waiters it carried.
export interface WriteOutcome<Out> {
  /** Rows written, by id. */
  written: Map<string, Out>;
  /** Rows refused, by id, with the reason. */
  failed: Map<string, unknown>;
}

export interface GroupCommitOptions<In, Out> {
  /** Writes rows as one unit (one statement). */
  write: (rows: In[]) => Promise<WriteOutcome<Out>>;
  idOf: (row: In) => string;
  /** Writes running at once. */
  maxInFlight: number;
  /** Rows per write (a waiter's rows are never split, so one large waiter may go past it alone). */
  maxRows: number;
}

export interface GroupCommit<In, Out> {
  submit(rows: In[]): Promise<WriteOutcome<Out>>;
}

interface Waiter<In, Out> {
  rows: In[];
  resolve: (outcome: WriteOutcome<Out>) => void;
  reject: (err: unknown) => void;
}

export function createGroupCommit<In, Out>(options: GroupCommitOptions<In, Out>): GroupCommit<In, Out> {
  const queue: Waiter<In, Out>[] = [];
  let running = 0;

  function nextGroup(): Waiter<In, Out>[] {
    const group: Waiter<In, Out>[] = [];
    let count = 0;
    while (queue.length > 0 && (group.length === 0 || count + queue[0]!.rows.length <= options.maxRows)) {
      const waiter = queue.shift()!;
      group.push(waiter);
      count += waiter.rows.length;
    }
    return group;
  }

  function settle(group: Waiter<In, Out>[], outcome: WriteOutcome<Out>): void {
    for (const waiter of group) {
      const mine: WriteOutcome<Out> = { written: new Map(), failed: new Map() };
      for (const row of waiter.rows) {
        const id = options.idOf(row);
        if (outcome.written.has(id)) mine.written.set(id, outcome.written.get(id)!);
        if (outcome.failed.has(id)) mine.failed.set(id, outcome.failed.get(id));
      }
      waiter.resolve(mine);
    }
  }

  function pump(): void {
    while (running < options.maxInFlight && queue.length > 0) {
      const group = nextGroup();
      running++;
      options
        .write(group.flatMap((w) => w.rows))
        .then(
          (outcome) => settle(group, outcome),
          (err: unknown) => {
            for (const waiter of group) waiter.reject(err);
          },
        )
        .finally(() => {
          running--;
          pump();
        });
    }
  }

  return {
    submit(rows) {
      return new Promise((resolve, reject) => {
        queue.push({ rows, resolve, reject });
        pump();
      });
    },
  };
}
