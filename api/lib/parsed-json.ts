/** JSON columns come back parsed from both drivers; a string (older drivers) is parsed here. */
export function parsedJson<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}
