// Types for the TypeScript tests of lib.mjs (the scripts themselves are plain ES modules).
export function within<T>(what: string, promise: Promise<T>, ms: number): Promise<T>;
export function fetchWithin(url: string, init?: RequestInit, ms?: number): Promise<Response>;
export function until<T>(what: string, fn: () => Promise<T>, timeoutMs?: number): Promise<T>;
export function currentWait(): string | undefined;
export function teardownOnEveryExit(name: string, teardown: () => void): () => void;
