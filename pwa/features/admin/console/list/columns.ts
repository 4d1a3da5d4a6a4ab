// The columns a list's table can show: the kind's own (registry order), then the date, the
// owner, the next step, the lead score and the status. The first (the name) is always shown; the member
// chooses the rest (kept on the server per list, so it follows them to any computer).
import { sortKeysOf, type LeadField, type LeadListDef } from '../../../../../contract/lead-kinds.ts';

export type ColumnId = string;

export interface TableColumn {
  id: ColumnId;
  label: string;
  /** The API's `?sort=` key, when the column sorts. */
  sortKey?: string;
  /** A kind column's field; the extras are drawn by the table itself. */
  field?: LeadField;
}

/** Every column the list has, the name first (a first and a last name are one Name column: the row shows both). */
export function allColumns(list: LeadListDef): TableColumn[] {
  const sortable = new Set(sortKeysOf(list));
  const split = list.columns.some((c) => c.key === 'firstName') && list.columns.some((c) => c.key === 'lastName');
  const fields = split
    ? list.columns.filter((c) => c.key !== 'lastName').map((c) => (c.key === 'firstName' ? { ...c, label: 'Name' } : c))
    : list.columns;
  const own = fields.map((field) => ({
    id: field.key,
    label: field.label,
    field,
    ...(sortable.has(field.key) ? { sortKey: field.key } : {}),
  }));
  return [
    ...own,
    { id: 'date', label: list.timeField === 'joinedAt' ? 'Joined' : 'Date', sortKey: 'createdAt' },
    { id: 'owner', label: 'Owner', sortKey: 'owner' },
    { id: 'next', label: 'Next step', sortKey: 'next' },
    { id: 'score', label: 'Score', sortKey: 'score' },
    { id: 'status', label: 'Status', sortKey: 'status' },
  ];
}

/**
 * Shown until the member chooses otherwise: the test's language and the certificate link are
 * in the lead's panel, and leaving them out lets the personality list fit a 1024 px screen.
 */
const HIDDEN_BY_DEFAULT: ReadonlySet<string> = new Set(['language', 'certificate']);

/** The columns shown: the name, then the member's choice (without one: all but the few hidden by default). */
export function shownColumns(list: LeadListDef, chosen: readonly string[] | undefined): TableColumn[] {
  const all = allColumns(list);
  if (!chosen || chosen.length === 0) return all.filter((c) => !c.field || (!c.field.tucked && !HIDDEN_BY_DEFAULT.has(c.field.kind)));
  const wanted = new Set(chosen);
  return all.filter((c, i) => i === 0 || wanted.has(c.id));
}

/** `?sort=` after a click on a column's header: ascending first, then descending, then the default. */
export function nextSort(current: string, key: string): string {
  if (current === key) return `-${key}`;
  if (current === `-${key}`) return '';
  return key;
}

export function ariaSort(current: string, key: string | undefined): 'ascending' | 'descending' | 'none' {
  if (!key) return 'none';
  if (current === key) return 'ascending';
  if (current === `-${key}` || (current === '' && key === 'createdAt')) return 'descending';
  return 'none';
}
