// The team: invitations, members and their settings (the morning email, columns).
import { boolean, mixed, object, string, type InferType } from 'yup';
import { ADMIN_PASSWORD_MAX, ADMIN_PASSWORD_MIN } from './passwords.ts';
import { isStorableText, TEXT_MESSAGES, trimmed } from './text-rules.ts';
import { ROLES, type Role } from './roles.ts';
import { DESK_LIMITS } from './desk.ts';

/** The PWA route an invitation email links to: `${PUBLIC_URL}/admin-invite?token=…`. */
export const INVITE_ROUTE = '/admin-invite';
/** An invitation link works once, for this long. */
export const INVITATION_HOURS = 48;
/**
 * An address invited less than this long ago is not invited again: two admins pressing Invite
 * at once send one invitation (the other is told so); a new link can be sent after it.
 */
export const INVITATION_RESEND_SECONDS = 60;

export const TEAM_MESSAGES = {
  roleInvalid: `Role must be one of: ${ROLES.join(', ')}`,
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email address',
  alreadyMember: 'This email already belongs to a team member',
  invited: 'Invitation sent',
  invitedMeanwhile: 'An invitation to this email was sent a moment ago. Ask again in a minute to send a new link.',
  memberNotFound: 'There is no such team member',
  selfLockout: 'You cannot remove your own admin role or deactivate yourself',
  lastAdmin: 'The team must keep at least one active admin',
  invitationInvalid: 'This invitation link is invalid, expired or already used. Ask an admin to invite you again.',
  invitationAccepted: 'Welcome to the team! Please log in.',
  dayEmailInvalid: 'The morning email time must be HH:MM (00:00 to 23:59), or off',
} as const;

const memberName = string()
  .typeError(TEAM_MESSAGES.nameRequired)
  .transform(trimmed)
  .required(TEAM_MESSAGES.nameRequired)
  .max(DESK_LIMITS.name, `Name must be at most ${DESK_LIMITS.name} characters`)
  .test('storable', TEXT_MESSAGES.notAllowedCharacters('Name'), (v) => v === undefined || isStorableText(v));

const memberEmail = string()
  .typeError(TEAM_MESSAGES.emailRequired)
  .transform((v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v))
  .required(TEAM_MESSAGES.emailRequired)
  .max(DESK_LIMITS.email, TEAM_MESSAGES.emailInvalid)
  .test('storable', TEXT_MESSAGES.notAllowedCharacters('Email'), (v) => v === undefined || isStorableText(v))
  .email(TEAM_MESSAGES.emailInvalid);

const role = string()
  .typeError(TEAM_MESSAGES.roleInvalid)
  .oneOf([...ROLES], TEAM_MESSAGES.roleInvalid);

/** POST /api/admin/team. */
export const inviteSchema = object({
  email: memberEmail,
  name: memberName,
  role: role.required(TEAM_MESSAGES.roleInvalid),
  /** The Team page's Resend and Copy link: a new link on purpose, even a moment after the last. */
  again: boolean().optional(),
});
export type Invite = InferType<typeof inviteSchema>;

/** PATCH /api/admin/team/{id}: at least one. */
export const memberUpdateSchema = object({
  role: role.optional(),
  active: mixed<boolean>().oneOf([true, false], 'active must be true or false').optional(),
}).test('something', 'Send a role, active, or both', (v) => v.role !== undefined || v.active !== undefined);

/** POST /api/admin/invitations/accept. */
export const acceptInvitationSchema = object({
  token: string().typeError(TEAM_MESSAGES.invitationInvalid).required(TEAM_MESSAGES.invitationInvalid).max(200),
  password: string()
    .typeError('Password is required')
    .required('Password is required')
    .min(ADMIN_PASSWORD_MIN, `Password must be at least ${ADMIN_PASSWORD_MIN} characters`)
    .max(ADMIN_PASSWORD_MAX, `Password must be at most ${ADMIN_PASSWORD_MAX} characters`)
    .test('storable', TEXT_MESSAGES.notAllowedCharacters('Password'), (v) => v === undefined || isStorableText(v)),
});

/** "HH:MM", India Standard Time. */
const DAY_EMAIL_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
export function dayEmailMinute(text: string): number | undefined {
  const m = DAY_EMAIL_TIME.exec(text);
  return m ? Number(m[1]) * 60 + Number(m[2]) : undefined;
}
export function dayEmailText(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

/**
 * PATCH /api/admin/me: the person's own settings. `dayEmail`: "09:00", or null for none;
 * `columns`: per list, the optional columns they show (contract/workspace.ts MemberPreferences).
 */
export const meUpdateSchema = object({
  dayEmail: string()
    .nullable()
    .typeError(TEAM_MESSAGES.dayEmailInvalid)
    .test('time', TEAM_MESSAGES.dayEmailInvalid, (v) => v === undefined || v === null || dayEmailMinute(v) !== undefined)
    .optional(),
  columns: mixed<Record<string, string[]>>()
    .test(
      'columns',
      'columns must be, per list, a list of column names',
      (v) =>
        v === undefined ||
        (typeof v === 'object' &&
          v !== null &&
          !Array.isArray(v) &&
          Object.keys(v).length <= 20 &&
          Object.values(v).every(
            (c) => Array.isArray(c) && c.length <= 30 && c.every((k) => typeof k === 'string' && /^[A-Za-z]{1,40}$/.test(k)),
          )),
    )
    .optional(),
}).test('something', 'Send dayEmail, columns, or both', (v) => v.dayEmail !== undefined || v.columns !== undefined);

/** A team member, as GET /api/admin/team gives them. */
export interface TeamMember {
  id: string;
  email: string;
  name: string;
  role: Role;
  active: boolean;
  /** False until they accept their invitation and set a password. */
  joined: boolean;
}
export interface TeamResponse {
  data: TeamMember[];
}
