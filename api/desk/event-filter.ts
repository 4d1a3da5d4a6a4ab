// What one member's event stream says of an event on the channel: a counsellor hears only
// of new leads that went to them or the pool, of changes to leads they could see before or
// after the change, and of their own reminders and notifications; nothing about a lead another owns.
import type { LeadEvent } from '../../contract/console.ts';
import type { Member } from '../auth/auth.ts';
import type { ChannelEvent } from '../leads/events.ts';
import { can, canSee, seesAllLeads } from './access.ts';

export function eventFor(member: Pick<Member, 'id' | 'role'>, event: ChannelEvent): LeadEvent | undefined {
  if (!can(member, 'leads.read')) return undefined;
  const base = { list: event.list, type: event.type };
  switch (event.type) {
    case 'created': {
      const mine = event.assignees?.[member.id] ?? 0;
      const pool = event.assignees ? (event.assignees.none ?? 0) : event.count;
      const count = seesAllLeads(member) ? event.count : mine + pool;
      if (count <= 0) return undefined;
      return { ...base, count, ...(mine > 0 ? { assignedToYou: mine } : {}) };
    }
    case 'updated': {
      if (event.id === undefined) {
        const mine = event.assignee === member.id;
        return { ...base, count: event.count, ...(mine ? { assignedToYou: event.count } : {}) };
      }
      const now = event.assignee ?? null;
      const seen = canSee(member, now) || (event.previous !== undefined && canSee(member, event.previous));
      if (!seen) return undefined;
      const assignedToYouNow = event.previous !== undefined && event.previous !== member.id && now === member.id;
      return { ...base, count: 1, id: event.id, ...(assignedToYouNow ? { assignedToYouNow } : {}) };
    }
    case 'reminder': {
      if (event.assignee !== member.id || event.id === undefined) return undefined;
      return {
        ...base,
        count: 1,
        id: event.id,
        ...(event.name !== undefined ? { name: event.name } : {}),
        ...(event.nextAction ? { nextAction: event.nextAction } : {}),
      };
    }
    case 'notified':
      // Only the member notified hears it: their bell refreshes (api/notify/notify.ts).
      if (event.assignee !== member.id || event.id === undefined) return undefined;
      return { ...base, count: 1, id: event.id };
  }
}
