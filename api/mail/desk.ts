// The sales desk's emails: an invitation to the team, the digest of leads newly assigned to
// a member, and a member's morning list of their day. Plain text and HTML; every name and
// value from a lead is escaped in the HTML, and links are built from PUBLIC_URL.
import { ACTION_LABELS } from '../../contract/activities.ts';
import { INVITATION_HOURS, INVITE_ROUTE } from '../../contract/team.ts';
import { ROLE_LABELS, type Role } from '../../contract/roles.ts';
import type { MyDayItem } from '../../contract/my-day.ts';
import { listOf } from '../../contract/lead-kinds.ts';
import { escapeHtml } from '../lib/html.ts';

export function invitationLink(publicUrl: string, token: string): string {
  return `${publicUrl}${INVITE_ROUTE}?token=${encodeURIComponent(token)}`;
}

export function invitationEmail(publicUrl: string, to: { name: string; role: Role }, invitedBy: string, token: string) {
  const link = invitationLink(publicUrl, token);
  const role = ROLE_LABELS[to.role];
  const text = [
    `Hello ${to.name},`,
    '',
    `${invitedBy} has invited you to the SkillUp team as ${role}.`,
    `Open this link within ${INVITATION_HOURS} hours to choose your password:`,
    '',
    link,
    '',
    'The link works once. If you did not expect this, ignore this email.',
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(to.name)},</p>
<p>${escapeHtml(invitedBy)} has invited you to the SkillUp team as ${escapeHtml(role)}.
Open this link within ${INVITATION_HOURS} hours to choose your password:</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p>The link works once. If you did not expect this, ignore this email.</p>`;
  return { subject: 'You are invited to the SkillUp team', text, html };
}

export interface AssignedLead {
  list: string;
  id: string;
  name: string;
  phone: string;
}

function leadLink(publicUrl: string, list: string, id: string): string {
  return `${publicUrl}/admin/${list}?open=${encodeURIComponent(id)}`;
}

function listTitle(list: string): string {
  try {
    return listOf(list as Parameters<typeof listOf>[0]).title;
  } catch {
    return list;
  }
}

export function assignmentDigestEmail(publicUrl: string, name: string, leads: AssignedLead[], more: number) {
  const count = leads.length + more;
  const subject = count === 1 ? 'A new lead is assigned to you' : `${count} new leads are assigned to you`;
  const lines = leads.map((l) => `- ${l.name} (${l.phone}), ${listTitle(l.list)}: ${leadLink(publicUrl, l.list, l.id)}`);
  const text = [
    `Hello ${name},`,
    '',
    `${subject}:`,
    ...lines,
    ...(more > 0 ? [`…and ${more} more: ${publicUrl}/admin/my-day`] : []),
    '',
    'Speed matters: a lead called within minutes is far likelier to enrol.',
  ].join('\n');
  const items = leads
    .map(
      (l) =>
        `<li><a href="${escapeHtml(leadLink(publicUrl, l.list, l.id))}">${escapeHtml(l.name)}</a> (${escapeHtml(l.phone)}), ${escapeHtml(listTitle(l.list))}</li>`,
    )
    .join('');
  const html = `<p>Hello ${escapeHtml(name)},</p>
<p>${escapeHtml(subject)}:</p>
<ul>${items}</ul>${more > 0 ? `<p>…and ${more} more: <a href="${escapeHtml(`${publicUrl}/admin/my-day`)}">My day</a></p>` : ''}
<p>Speed matters: a lead called within minutes is far likelier to enrol.</p>`;
  return { subject, text, html };
}

function dueText(item: MyDayItem): string {
  if (!item.dueAt)
    return `Arrived ${new Date(item.createdAt!).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' })}`;
  const at = new Date(item.dueAt);
  const time = at.toLocaleString('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
  return `${item.type ? ACTION_LABELS[item.type] : 'Follow up'}, ${time}`;
}

export function myDayEmail(
  publicUrl: string,
  name: string,
  day: { uncontacted: MyDayItem[]; overdue: MyDayItem[]; dueToday: MyDayItem[] },
) {
  const total = day.uncontacted.length + day.overdue.length + day.dueToday.length;
  const fresh = day.uncontacted.length > 0 ? `${day.uncontacted.length} new to call, ` : '';
  const subject = `Your day: ${fresh}${day.overdue.length} overdue, ${day.dueToday.length} due today`;
  const section = (title: string, items: MyDayItem[]) =>
    items.length === 0
      ? []
      : [title, ...items.map((i) => `- ${dueText(i)}: ${i.name} (${i.phone}) ${leadLink(publicUrl, i.list, i._id)}`), ''];
  const text = [
    `Good morning ${name},`,
    '',
    `You have ${total} follow-up${total === 1 ? '' : 's'} on your list today.`,
    '',
    ...section('New, not contacted yet:', day.uncontacted),
    ...section('Overdue:', day.overdue),
    ...section('Due today:', day.dueToday),
    `Open My day: ${publicUrl}/admin/my-day`,
    '',
    'Change the time of this email, or turn it off, under My settings in the console.',
  ].join('\n');
  const htmlSection = (title: string, items: MyDayItem[]) =>
    items.length === 0
      ? ''
      : `<h3>${title}</h3><ul>${items
          .map(
            (i) =>
              `<li>${escapeHtml(dueText(i))}: <a href="${escapeHtml(leadLink(publicUrl, i.list, i._id))}">${escapeHtml(i.name)}</a> (${escapeHtml(i.phone)})</li>`,
          )
          .join('')}</ul>`;
  const html = `<p>Good morning ${escapeHtml(name)},</p>
<p>You have ${total} follow-up${total === 1 ? '' : 's'} on your list today.</p>
${htmlSection('New, not contacted yet', day.uncontacted)}${htmlSection('Overdue', day.overdue)}${htmlSection('Due today', day.dueToday)}
<p><a href="${escapeHtml(`${publicUrl}/admin/my-day`)}">Open My day</a></p>
<p>Change the time of this email, or turn it off, under My settings in the console.</p>`;
  return { subject, text, html };
}
