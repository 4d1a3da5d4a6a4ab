// A lead's one timeline, newest first: its history (status changes, notes, assignments,
// activities, next actions, merges), its own submission, and the same person's other
// submissions and taken tests that the member may see.
import type { LeadHistoryEntry, TimelineEntry } from '../../contract/lead-detail.ts';
import type { PersonSubmission } from '../../contract/people.ts';
import { LEAD_KINDS, kindOfSlug, type LeadListDef, type ListSlug } from '../../contract/lead-kinds.ts';

/** One line that says what a submission was about: its list's summary fields, else its kind's name. */
export function submissionSummary(s: Pick<PersonSubmission, 'list'> & Record<string, unknown>): string {
  const kind = kindOfSlug(s.list);
  if (!kind) return '';
  const list: LeadListDef = LEAD_KINDS[kind].list;
  if (!list.summary) return LEAD_KINDS[kind].label;
  const fields = list.summary;
  return fields
    .map((key) => String(s[key] ?? ''))
    .join(', ')
    .slice(0, 200);
}

/** A taken test in a timeline: when, in which language, and its certificate. */
export function testEntry(s: PersonSubmission): TimelineEntry {
  return {
    kind: 'test',
    _id: s._id,
    at: s.createdAt,
    language: String(s.language ?? ''),
    certificateUrl: String(s.certificateUrl ?? ''),
  };
}

export function timelineOf(list: ListSlug, id: string, history: LeadHistoryEntry[], submissions: PersonSubmission[]): TimelineEntry[] {
  // Newest first, and the sort below is stable: entries of one instant keep this order.
  const entries: TimelineEntry[] = [...history].reverse().map((h) => ({ ...h, kind: 'history' as const }));
  for (const s of submissions) {
    if (s.kind === 'test') {
      entries.push(testEntry(s));
      continue;
    }
    const kind = kindOfSlug(s.list);
    entries.push({
      kind: 'submission',
      _id: s._id,
      list: s.list,
      at: s.createdAt,
      title: kind ? LEAD_KINDS[kind].list.title : s.list,
      summary: submissionSummary(s),
      current: s.list === list && s._id === id,
    });
  }
  // Newest first; at one instant, history after the submission it follows.
  return entries.sort((a, b) => (a.at === b.at ? rank(b) - rank(a) : a.at < b.at ? 1 : -1));
}

function rank(e: TimelineEntry): number {
  return e.kind === 'history' ? 1 : 0;
}
