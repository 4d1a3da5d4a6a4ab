// Who may do what: the team's roles and the permission each route needs (the server's guards
// and the console's menus read the same table).

export const ROLES = ['admin', 'counsellor', 'viewer', 'trainer'] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  counsellor: 'Counsellor',
  viewer: 'Viewer',
  trainer: 'Trainer',
};
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  admin: 'Everything: the team, assignment rules, export and erasure',
  counsellor: 'Works the leads assigned to them and the unassigned ones',
  viewer: 'Reads what admins read; changes nothing',
  trainer: 'Runs classroom sessions',
};

/** What a route needs. `self`: any member, about themselves (me, logout, live events). */
export type Permission =
  | 'self'
  | 'leads.read'
  | 'leads.work'
  | 'leads.assign'
  | 'leads.export'
  | 'leads.erase'
  | 'overview.read'
  | 'team.read'
  | 'team.manage'
  | 'assignment.read'
  | 'assignment.manage'
  | 'mail.read'
  | 'audit.read'
  | 'templates.manage'
  | 'leads.import'
  | 'people.merge'
  | 'views.save'
  | 'payments.confirm'
  | 'batches.manage'
  | 'sessions.run'
  | 'relays.manage'
  | 'reports.read'
  | 'spend.read'
  | 'spend.manage'
  | 'rules.manage'
  | 'score.tune'
  | 'webinars.manage';

const EVERYONE: readonly Role[] = ROLES;
const READERS: readonly Role[] = ['admin', 'counsellor', 'viewer'];

/**
 * Each permission and the roles that have it: the server's guards enforce it
 * (api/desk/access.ts), and the console shows only what the member may use.
 */
export const PERMISSIONS: Record<Permission, readonly Role[]> = {
  self: EVERYONE,
  'leads.read': READERS,
  // Status, notes, activities and next steps; a counsellor also takes a pool lead or gives one back.
  'leads.work': ['admin', 'counsellor'],
  // Assigning to anyone, and in bulk.
  'leads.assign': ['admin'],
  'leads.export': ['admin'],
  'leads.erase': ['admin'],
  'overview.read': READERS,
  'team.read': ['admin', 'viewer'],
  'team.manage': ['admin'],
  'assignment.read': ['admin', 'viewer'],
  'assignment.manage': ['admin'],
  // The queue names recipients: admins and viewers only.
  'mail.read': ['admin', 'viewer'],
  'audit.read': ['admin'],
  'templates.manage': ['admin'],
  // Walk-ins and college-fair sheets: those who work leads.
  'leads.import': ['admin', 'counsellor'],
  // Joining two records of one person (and undoing it): those who work leads, on leads they may see.
  'people.merge': ['admin', 'counsellor'],
  // Saving a view (a shared one is on everyone's sidebar) and deleting one: viewers change nothing.
  'views.save': ['admin', 'counsellor'],
  // A booking's payment is confirmed against the bank statement: admins only.
  'payments.confirm': ['admin'],
  // The upcoming batches the booking form offers.
  'batches.manage': ['admin'],
  // Classroom sessions, their live counts and reports: trainers, and admins (who are trainers too).
  'sessions.run': ['admin', 'trainer'],
  // Keys that let a relay deliver its class's submissions: admins only.
  'relays.manage': ['admin'],
  // The funnel and revenue report: a counsellor's figures are of their people and the pool.
  'reports.read': READERS,
  // Marketing spend per source (and the costs it gives the report): viewers read it, admins enter it.
  'spend.read': ['admin', 'viewer'],
  'spend.manage': ['admin'],
  // Rules that act on their own (assign, email, change status): admins only, to read as to change.
  'rules.manage': ['admin'],
  // The lead score's weights (every lead's score follows them): admins only.
  'score.tune': ['admin'],
  // Scheduling, editing and cancelling webinars (their registrations are leads like any other).
  'webinars.manage': ['admin'],
};

export function can(member: { role: Role }, permission: Permission): boolean {
  return PERMISSIONS[permission].includes(member.role);
}
