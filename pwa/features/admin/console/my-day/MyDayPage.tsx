// /admin/my-day: the member's day — their leads no one has contacted yet first (oldest first,
// each with its SLA clock), then next steps past due (oldest first), then those due before
// midnight IST, then the newest leads no one owns yet, each one click from the lead. Below
// 700 px each row is a card (desk.css).
// Admins and viewers can look at anyone's day. It refreshes itself on live events.
import { Link, useSearchParams } from 'react-router-dom';
import { ACTION_LABELS } from '../../../../../contract/activities.ts';
import { DESK_PATHS } from '../../../../../contract/desk.ts';
import { durationText } from '../../../../../contract/working-hours.ts';
import type { MyDayItem, MyDayResponse } from '../../../../../contract/my-day.ts';
import type { TeamResponse } from '../../../../../contract/team.ts';
import { CONSOLE_PATHS } from '../../../../../contract/console.ts';
import { listOf } from '../../../../../contract/lead-kinds.ts';
import { Meta } from '../../../../components/Meta.tsx';
import { useToast } from '../../../../components/Toast.tsx';
import { ErrorNotice } from '../common/controls.tsx';
import { CHART_SKELETON } from '../common/LoadState.tsx';
import { formatCount, formatDateTime } from '../common/format.ts';
import { useLeadEvents } from '../common/lead-events.tsx';
import { useMember } from '../common/member.tsx';
import { adminRequest } from '../common/request.ts';
import { attempt, useAdminData } from '../common/use-admin-data.ts';
import { useRefreshOnEvents } from '../common/use-refresh.ts';

function leadHref(item: MyDayItem): string {
  return `/admin/${item.list}?open=${encodeURIComponent(item._id)}`;
}

/** "Call, 10:30 (2 h overdue)" */
function dueLine(item: MyDayItem, now: number): string {
  if (!item.dueAt || !item.type) return '';
  const due = Date.parse(item.dueAt);
  const late = now - due;
  const when = formatDateTime(item.dueAt);
  return `${ACTION_LABELS[item.type]}, ${when}${late > 60_000 ? ` (${durationText(late / 60_000)} overdue)` : ''}`;
}

/** "Waiting 25 min, past SLA": the server's count of working minutes; the SLA mark follows the clock. */
function waitLine(item: MyDayItem, now: number): { text: string; past: boolean } {
  const past = item.slaDueAt !== undefined && Date.parse(item.slaDueAt) <= now;
  return { text: `Waiting ${durationText(item.waitedMinutes ?? 0)}${past ? ', past SLA' : ''}`, past };
}

function whenLine(item: MyDayItem, now: number): { text: string; past: boolean } {
  if (item.waitedMinutes !== undefined) {
    const wait = waitLine(item, now);
    return item.dueAt ? { ...wait, text: `${wait.text} · ${dueLine(item, now)}` } : wait;
  }
  return { text: item.dueAt ? dueLine(item, now) : `Arrived ${formatDateTime(item.createdAt)}`, past: false };
}

function DayRow({ item, onTake }: { item: MyDayItem; onTake?: (item: MyDayItem) => void }) {
  const now = Date.now();
  const when = whenLine(item, now);
  return (
    <li className="my-day__item" data-lead-id={item._id}>
      <div>
        <Link to={leadHref(item)} className="my-day__name">
          {item.name || 'No name'}
        </Link>
        <span className="muted"> · {listOf(item.list).title}</span>
      </div>
      <a href={`tel:+91${item.phone}`} className="my-day__phone" aria-label={`Call ${item.name} on ${item.phone}`}>
        {item.phone}
      </a>
      <span className={when.past ? 'my-day__due is-overdue' : 'my-day__due'}>{when.text}</span>
      {item.note ? <span className="muted my-day__note">{item.note}</span> : null}
      {onTake && (
        <button type="button" className="btn btn--small" onClick={() => onTake(item)}>
          Take it
        </button>
      )}
    </li>
  );
}

function Section({
  title,
  id,
  items,
  empty,
  onTake,
}: {
  title: string;
  id: string;
  items: MyDayItem[];
  empty: string;
  onTake?: (item: MyDayItem) => void;
}) {
  return (
    <section aria-labelledby={id} className={`my-day__section my-day__section--${id}`}>
      <h2 id={id}>
        {title} <span className="console__count">{formatCount(items.length)}</span>
      </h2>
      {items.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ol className="my-day__list">
          {items.map((item) => (
            <DayRow key={`${item.list}-${item._id}`} item={item} {...(onTake ? { onTake } : {})} />
          ))}
        </ol>
      )}
    </section>
  );
}

/** Admins and viewers: whose day to show. */
function WhoseDay({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const [team] = useAdminData<TeamResponse>(DESK_PATHS.team, 'Could not load the team');
  const member = useMember();
  const members =
    team.state === 'ready' ? team.data.data.filter((m) => m.active && m.joined && (m.role === 'counsellor' || m.role === 'admin')) : [];
  return (
    <div className="console-field">
      <label htmlFor="whose-day">Whose day</label>
      <select id="whose-day" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Mine ({member.name})</option>
        {members
          .filter((m) => m.id !== member.id)
          .map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
      </select>
    </div>
  );
}

export default function MyDayPage() {
  const member = useMember();
  const toast = useToast();
  // Whose day is in the URL (?assignee=), so the overview's team table can link to it.
  const [params, setParams] = useSearchParams();
  const asked = params.get('assignee') ?? '';
  const whose = asked === member.id ? '' : asked;
  const setWhose = (id: string) => setParams(id ? { assignee: id } : {}, { replace: true });
  const path = whose ? `${DESK_PATHS.myDay}?assignee=${encodeURIComponent(whose)}` : DESK_PATHS.myDay;
  const [loaded, reload] = useAdminData<MyDayResponse>(path, 'Could not load your day');
  useRefreshOnEvents(reload);
  const { live } = useLeadEvents();
  const take = async (item: MyDayItem) => {
    const done = await attempt(
      () =>
        adminRequest(`${CONSOLE_PATHS.leads}/${item.list}/${encodeURIComponent(item._id)}`, {
          method: 'PATCH',
          body: { assignee: member.id },
        }),
      (message) => toast.show(message, 'error'),
      'Could not take this lead. Please try again.',
    );
    if (done) {
      toast.show(`${item.name || 'The lead'} is yours now`, 'success');
      reload();
    }
  };
  const day = loaded.state === 'error' ? undefined : loaded.data;
  const canTake = member.can('leads.work') && !whose;
  return (
    <section aria-labelledby="console-title" className="my-day">
      <Meta title="My day | Admin" description="Follow-ups due and leads waiting, for the SkillUp team." robots="noindex" />
      <div className="console-list__head">
        <h1 id="console-title">{whose ? 'Their day' : 'My day'}</h1>
        {member.can('team.read') && <WhoseDay value={whose} onChange={setWhose} />}
      </div>
      {loaded.state === 'error' && <ErrorNotice message={loaded.message} onRetry={reload} />}
      {loaded.state === 'loading' && !day && CHART_SKELETON}
      {day && (
        <div className="my-day__sections" aria-busy={loaded.state === 'loading'}>
          <Section
            title="New, not contacted yet"
            id="uncontacted"
            items={day.uncontacted}
            empty="Every lead of yours has been contacted."
          />
          <Section title="Overdue" id="overdue" items={day.overdue} empty="Nothing overdue. Well done." />
          <Section title="Due today" id="due-today" items={day.dueToday} empty="Nothing else due today." />
          <Section
            title="Unassigned"
            id="unassigned"
            items={day.unassigned}
            empty="No lead is waiting for an owner."
            {...(canTake ? { onTake: (item: MyDayItem) => void take(item) } : {})}
          />
        </div>
      )}
      {!live && <p className="muted">Reconnecting: this page refreshes by itself when new leads arrive.</p>}
    </section>
  );
}
