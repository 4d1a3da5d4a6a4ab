// Who a lead belongs to: an owner or the pool, set by hand, in bulk or by each list's round robin.
import { array, object, string } from 'yup';
import type { ListSlug } from './lead-kinds.ts';
import { DESK_LIMITS } from './desk.ts';

export const ASSIGNMENT_MESSAGES = {
  assigneeInvalid: 'Assign to an active team member who works leads (an admin or a counsellor), or to no one',
  assignOthers: 'Counsellors can take an unassigned lead or give back their own, not assign to others',
  membersInvalid: 'Each member must be an active admin or counsellor',
  modeInvalid: 'Mode must be round-robin or manual',
} as const;

/** An assignee in a PATCH or a bulk assignment: a member's id, or null for no one. */
export const assigneeField = string()
  .nullable()
  .defined(ASSIGNMENT_MESSAGES.assigneeInvalid)
  .typeError(ASSIGNMENT_MESSAGES.assigneeInvalid)
  .max(64, ASSIGNMENT_MESSAGES.assigneeInvalid);

export const ASSIGNMENT_MODES = ['round-robin', 'manual'] as const;
export type AssignmentMode = (typeof ASSIGNMENT_MODES)[number];
export interface ListAssignment {
  mode: AssignmentMode;
  /** In turn order. */
  members: string[];
}
/** GET/PUT /api/admin/assignment. PUT replaces the lists it names; the others keep theirs. */
export interface AssignmentRules {
  lists: Partial<Record<ListSlug, ListAssignment>>;
}
export const listAssignmentSchema = object({
  mode: string()
    .typeError(ASSIGNMENT_MESSAGES.modeInvalid)
    .required(ASSIGNMENT_MESSAGES.modeInvalid)
    .oneOf([...ASSIGNMENT_MODES], ASSIGNMENT_MESSAGES.modeInvalid),
  members: array(string().required().max(64))
    .required(ASSIGNMENT_MESSAGES.membersInvalid)
    .max(DESK_LIMITS.members, `At most ${DESK_LIMITS.members} members`)
    .test('unique', 'A member is named twice', (v) => v === undefined || new Set(v).size === v.length),
});

/** Who a lead belongs to, as lists and the detail give it. */
export interface Assignee {
  _id: string;
  name: string;
}
