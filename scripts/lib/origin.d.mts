export function buildOrigin(env: Record<string, string | undefined>): string;
