// A member's day (GET /api/admin/my-day) and the desk's figures in the overview.
import type { LeadStatus, ListSlug } from './lead-kinds.ts';
import type { ActionType } from './activities.ts';

/** Items each section of My day holds at most (the rest are in the lists). */
export const MY_DAY_MAX = 200;

/** One lead in My day. */
export interface MyDayItem {
  list: ListSlug;
  _id: string;
  name: string;
  phone: string;
  /** Null for an unassigned lead with no next step. */
  dueAt: string | null;
  type: ActionType | null;
  status: LeadStatus;
  note?: string | null;
  /** When it arrived. */
  createdAt?: string;
  /** A lead no one has contacted yet: working minutes it has waited since it arrived. */
  waitedMinutes?: number;
  /** …and when it passes (passed) the SLA. */
  slaDueAt?: string;
}
export interface MyDayResponse {
  /** The member's leads still new with no first contact, oldest first (their SLA clock running). */
  uncontacted: MyDayItem[];
  overdue: MyDayItem[];
  dueToday: MyDayItem[];
  unassigned: MyDayItem[];
}

/** What the overview says of speed to lead (the period's leads, spam left out). */
export interface SpeedToLead {
  /** Median working minutes from arrival to first contact, over the contacted leads; null when none. */
  medianMinutes: number | null;
  /** Contacted within SLA_MINUTES working minutes. */
  withinSla: number;
  contacted: number;
  total: number;
  slaMinutes: number;
}
export interface TeamFigures {
  id: string;
  name: string;
  /** The period's leads assigned to them. */
  assigned: number;
  contacted: number;
  converted: number;
  /** Their next steps past due now. */
  overdue: number;
  medianFirstContactMinutes: number | null;
}
