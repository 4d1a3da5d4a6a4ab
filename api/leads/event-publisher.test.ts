// The live events of new leads, sent after the commit: one statement at a time, events that
// arrive meanwhile merged per list and type (counts and owners added), a single lead's event
// kept whole. Runs on PGlite and, when TEST_DATABASE_URL is set, on real Postgres.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends, type TestDatabase } from '../testing/databases.ts';
import { createEventPublisher } from './event-publisher.ts';
import { LEAD_EVENTS_CHANNEL } from './events.ts';

describe.each(testBackends())('the lead event publisher on $name', (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await backend.create();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('sends at once when idle and merges what comes while a send is out', async () => {
    const heard: unknown[] = [];
    const stop = await database.listen(LEAD_EVENTS_CHANNEL, (payload) => heard.push(JSON.parse(payload)));
    try {
      const lines: string[] = [];
      const publisher = createEventPublisher(database.db, (line) => lines.push(line));
      publisher.publish({ list: 'contact', type: 'created', count: 1, assignees: { none: 1 } });
      // The first is out; these wait for it and go together.
      publisher.publish({ list: 'contact', type: 'created', count: 2, assignees: { a: 1, none: 1 } });
      publisher.publish({ list: 'contact', type: 'created', count: 3, assignees: { a: 2, b: 1 } });
      publisher.publish({ list: 'need-help', type: 'created', count: 1, assignees: { b: 1 } });
      publisher.publish({ list: 'contact', type: 'updated', count: 1, id: 'lead-1', assignee: 'a' });
      publisher.publish({ list: 'contact', type: 'updated', count: 1, id: 'lead-2', assignee: null });
      await publisher.flushed();
      const expected = [
        { list: 'contact', type: 'created', count: 1, assignees: { none: 1 } },
        { list: 'contact', type: 'created', count: 5, assignees: { a: 3, b: 1, none: 1 } },
        { list: 'need-help', type: 'created', count: 1, assignees: { b: 1 } },
        { list: 'contact', type: 'updated', count: 1, id: 'lead-1', assignee: 'a' },
        { list: 'contact', type: 'updated', count: 1, id: 'lead-2', assignee: null },
      ];
      await expect.poll(() => heard.length).toBe(expected.length);
      expect(heard).toEqual(expected);
      expect(lines).toEqual([]);
    } finally {
      await stop();
    }
  });
});
