/** Timestamps leave the API as ISO 8601 strings in UTC, as the spec's entities show. */
export function iso(value: unknown): string {
  return (value instanceof Date ? value : new Date(String(value))).toISOString();
}
