// SIGTERM with a mail backlog: the real server, a mail server that takes a second
// per message, and a queue of certificate emails. The process exits within 2 s (it took up
// to 19.8 s, past Docker's 10), and what it did not send waits in the queue.
import { describe, expect, it } from 'vitest';
import { QUIZ_ANSWERS_PATH } from '../contract/quiz/api.ts';
import { QUIZ_ITEM_IDS } from '../contract/quiz/items.ts';
import { startSmtpPeer } from '../api/testing/smtp.ts';
import { startServer } from './support/server.ts';

const answers = Object.fromEntries(QUIZ_ITEM_IDS.map((id, i) => [id, i % 4]));

describe('SIGTERM with a mail backlog', () => {
  it('exits within 2 s while a slow mail server has a queue of 20 to take', { timeout: 120_000 }, async () => {
    const smtp = await startSmtpPeer({ delayMs: 1_000 });
    const server = await startServer({ env: { SMTP_URL: smtp.url, PUBLIC_RATE_LIMIT_PER_MINUTE: '0' } });
    try {
      for (let i = 0; i < 20; i++) {
        const res = await fetch(`${server.url}${QUIZ_ANSWERS_PATH}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `shutdown-${i}-0000` },
          body: JSON.stringify({ name: `Backlog ${i}`, email: `backlog${i}@example.in`, answers, language: 'english' }),
        });
        expect(res.status).toBe(201);
      }
      // Sending has begun: the first message is on the wire.
      await expect.poll(() => smtp.received.length, { timeout: 30_000 }).toBeGreaterThan(0);
      const exited = new Promise<number | null>((resolve) => server.process.once('exit', (code) => resolve(code)));
      const signalled = Date.now();
      server.process.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(2_000);
      expect(smtp.received.length).toBeLessThan(20);
      expect(server.output()).toMatch(/stopped/);
    } finally {
      await server.stop();
      await smtp.close();
    }
  });
});
