// A lead's one timeline, newest first: its status changes, notes, assignments, activities
// and next steps, its own submission, and the same person's other submissions and tests,
// each with who and when. Every text from a visitor or a member is shown as text.
import { Link } from 'react-router-dom';
import type { LeadHistoryEntry, TimelineEntry } from '../../../../../contract/lead-detail.ts';
import { ACTION_LABELS, ACTIVITY_LABELS, OUTCOME_LABELS } from '../../../../../contract/activities.ts';
import { formatDateTime, statusLabel } from '../common/format.ts';

function HistoryLine({ h }: { h: LeadHistoryEntry }) {
  switch (h.action) {
    case 'note':
      return <blockquote>{h.note}</blockquote>;
    case 'status':
      return (
        <p>
          Status: {statusLabel(h.from)} → <strong>{statusLabel(h.to)}</strong>
        </p>
      );
    case 'assign':
      return (
        <p>
          {h.assignee ? (
            <>
              Assigned to <strong>{h.assignee.name}</strong>
            </>
          ) : (
            'Given back to the pool'
          )}
        </p>
      );
    case 'activity':
      return (
        <>
          <p>
            <strong>{h.activityType ? ACTIVITY_LABELS[h.activityType] : 'Activity'}</strong>
            {h.outcome ? `: ${OUTCOME_LABELS[h.outcome]}` : ''}
          </p>
          {h.note ? <blockquote>{h.note}</blockquote> : null}
        </>
      );
    case 'next-action':
      return (
        <p>
          {h.nextAction
            ? `Next step: ${ACTION_LABELS[h.nextAction.type]}, ${formatDateTime(h.nextAction.dueAt)}${h.nextAction.note ? ` (${h.nextAction.note})` : ''}`
            : 'Next step cleared'}
        </p>
      );
    case 'merge':
      return <p>Joined with the same person’s other forms (merge)</p>;
    case 'unmerge':
      return <p>Merge undone: a person of its own again</p>;
    case 'tag':
      return <p>{h.untagged ? `Tag “${h.note ?? ''}” taken back` : `Tagged “${h.note ?? ''}”`}</p>;
    case 'rule':
    case 'escalation':
      return <p>{h.note}</p>;
    default:
      return <p>{h.action}</p>;
  }
}

/** A merge in words: "Merged Priyanka Joshi (1 form)", or, on the person who was joined, "Merged into another person". */
export function mergeText(m: { name: string; forms: number; joinedHere: boolean }): string {
  if (!m.joinedHere) return 'Merged into another person';
  return `Merged ${m.name || 'another person'} (${m.forms} ${m.forms === 1 ? 'form' : 'forms'})`;
}

function Entry({ e }: { e: TimelineEntry }) {
  if (e.kind === 'history') {
    return (
      <li className={`timeline__item timeline__item--${e.action}`}>
        <HistoryLine h={e} />
        <p className="muted">
          {e.by}, <time dateTime={e.at}>{formatDateTime(e.at)}</time>
        </p>
      </li>
    );
  }
  if (e.kind === 'merge') {
    return (
      <li className="timeline__item timeline__item--merge">
        <p>
          <strong>{mergeText(e)}</strong>
          {e.undone ? ' — undone' : ''}
        </p>
        <p className="muted">
          {e.by}, <time dateTime={e.at}>{formatDateTime(e.at)}</time>
        </p>
      </li>
    );
  }
  if (e.kind === 'test') {
    return (
      <li className="timeline__item timeline__item--test">
        <p>
          <strong>Took the {e.language === 'hinglish' ? 'Hinglish' : 'English'} personality test</strong>
        </p>
        <p className="muted">
          <time dateTime={e.at}>{formatDateTime(e.at)}</time> · <a href={e.certificateUrl}>Certificate</a>
        </p>
      </li>
    );
  }
  return (
    <li className={`timeline__item timeline__item--submission${e.current ? ' is-current' : ''}`}>
      <p>
        <strong>{e.current ? `Submitted this (${e.title})` : `Submitted to ${e.title}`}</strong>
      </p>
      {e.summary ? <p className="muted">{e.summary}</p> : null}
      <p className="muted">
        <time dateTime={e.at}>{formatDateTime(e.at)}</time>
        {!e.current && (
          <>
            {' · '}
            <Link to={`/admin/${e.list}?open=${encodeURIComponent(e._id)}`}>Open in {e.title}</Link>
          </>
        )}
      </p>
    </li>
  );
}

export function Timeline({ entries }: { entries: TimelineEntry[] }) {
  return (
    <section className="lead-history timeline" aria-labelledby="lead-timeline-title">
      <h3 id="lead-timeline-title">Timeline</h3>
      <ol>
        {entries.map((e) => (
          <Entry key={`${e.kind}-${e._id}`} e={e} />
        ))}
      </ol>
    </section>
  );
}
