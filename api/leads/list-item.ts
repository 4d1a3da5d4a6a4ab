// A lead as the lists show it, in its own module so the modules that add to a list's items
// (latest tests, webinars) need not import the kinds' definitions that import them.
import type { RawBuilder } from 'kysely';
import type { LeadStatus } from '../../contract/lead-kinds.ts';

export type ListItem = Record<string, unknown> & { _id: string; status: LeadStatus };

/**
 * What a kind's extras add, as SQL beside its row: a join (`left join lateral … on true`,
 * reading the row under its table's name) and each added field's value over it, by the list
 * item's key, as the extras give it (a date as the instant, scores as a JSON object by domain).
 */
export interface ExtrasSql {
  join: RawBuilder<unknown>;
  fields: Readonly<Record<string, RawBuilder<unknown>>>;
}
