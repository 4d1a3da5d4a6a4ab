// Reads server-sent events from a streamed answer, for tests of GET /api/admin/events.
/** Reads server-sent events from a streamed answer. */
export function sseReader(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    /** The next event (name and parsed data), or undefined if the stream ended. */
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the events it expects
    async next(timeoutMs = 5_000): Promise<{ event: string; data: any } | undefined> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith(':')) continue; // keep-alive
          const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
          const data = block
            .split('\n')
            .filter((l) => l.startsWith('data: '))
            .map((l) => l.slice(6))
            .join('\n');
          return { event, data: data ? JSON.parse(data) : undefined };
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('no event in time');
        const chunk = await Promise.race([
          reader.read(),
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no event in time')), left)),
        ]);
        if (chunk.done) return undefined;
        buffer += decoder.decode(chunk.value, { stream: true });
      }
    },
    cancel: () => reader.cancel(),
  };
}
