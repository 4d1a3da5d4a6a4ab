// A lead as the lists show it, in its own module so the modules that add to a list's items
// (latest tests, webinars) need not import the kinds' definitions that import them.
import type { LeadStatus } from '../../contract/lead-kinds.ts';

export type ListItem = Record<string, unknown> & { _id: string; status: LeadStatus };
