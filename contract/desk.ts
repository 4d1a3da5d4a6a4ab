// The sales desk's paths, limits and the words every desk route shares. Its concepts have
// modules of their own: roles.ts (who may do what), team.ts (invitations, members),
// activities.ts (calls, outcomes, next steps), assignment.ts (owners, round robin),
// my-day.ts, working-hours.ts.

export const DESK_PATHS = {
  /** GET (team), POST { email, name, role } (invite), PATCH /{id} { role?, active? }. */
  team: '/api/admin/team',
  /** POST { token, password }: the invited person sets their password. */
  acceptInvitation: '/api/admin/invitations/accept',
  /** GET /{token}: { email, role } of a usable invitation (no token needed: the link is the proof). */
  invitations: '/api/admin/invitations',
  /** GET / PUT { lists: { [list]: { mode, members } } }. */
  assignment: '/api/admin/assignment',
  /** GET ?assignee=: overdue, due today and unassigned leads. */
  myDay: '/api/admin/my-day',
} as const;

export const DESK_LIMITS = { name: 80, email: 254, note: 1000, members: 100 } as const;

export const DESK_MESSAGES = {
  forbidden: 'Your role does not allow this',
} as const;
