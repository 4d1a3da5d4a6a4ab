// Reads a Prometheus text exposition, as a scraper would, for tests.
/** Parses the text format into `name{labels}` → value (labels sorted, as written). */
export function parsePrometheus(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(\{[^}]*\})?\s+(\S+)$/.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    samples.set(`${m[1]}${m[2] ?? ''}`, Number(m[3]));
  }
  return samples;
}
