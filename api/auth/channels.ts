// Postgres NOTIFY channels the instances share (each process LISTENs once, api/leads/events.ts).

/** Where session ends are announced, for event streams on every instance (payload: the member's id, or `jti:<id>`). */
export const SESSION_EVENTS_CHANNEL = 'admin_sessions';
