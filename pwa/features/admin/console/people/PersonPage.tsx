// One person: every submission they made (each opens in its list), their emails and phones,
// the whole timeline across their leads, the people who are likely the same (to merge into
// this one) and the merges made, each of which can be undone. Nothing is deleted by a merge.
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { listOf } from '../../../../../contract/lead-kinds.ts';
import { callLink } from '../../../../../contract/templates.ts';
import { WORKSPACE_PATHS } from '../../../../../contract/workspace.ts';
import type { LikelyDuplicate, PersonDetail, PersonMerge } from '../../../../../contract/people.ts';
import { Meta } from '../../../../components/Meta.tsx';
import { useToast } from '../../../../components/Toast.tsx';
import { ErrorNotice } from '../common/controls.tsx';
import { formatDateTime, statusLabel } from '../common/format.ts';
import { mergeText, Timeline } from '../lead/Timeline.tsx';
import { useMember } from '../common/member.tsx';
import { adminRequest } from '../common/request.ts';
import { attempt, useAdminData } from '../common/use-admin-data.ts';

/** Each number is a call, as everywhere else in the console. */
function PhoneLinks({ phones }: { phones: string[] }) {
  return (
    <>
      {phones.map((phone, i) => {
        const link = callLink(phone);
        return (
          <span key={phone}>
            {i > 0 && ', '}
            {link ? <a href={link}>{phone}</a> : phone}
          </span>
        );
      })}
    </>
  );
}

function Submissions({ leads }: { leads: PersonDetail['leads'] }) {
  return (
    <section aria-labelledby="person-leads-title">
      <h2 id="person-leads-title">What they sent</h2>
      <ul className="person-leads">
        {leads.map((l) => (
          <li key={`${l.list}:${l._id}`}>
            <Link to={`/admin/${l.list}?open=${encodeURIComponent(l._id)}`}>{listOf(l.list).title}</Link>
            <span className="muted">
              {' '}
              · {formatDateTime(l.createdAt)} · {statusLabel(l.status)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Duplicates({ person, onMerged }: { person: PersonDetail; onMerged: () => void }) {
  const toast = useToast();
  const member = useMember();
  const [busy, setBusy] = useState(false);
  if (person.duplicates.length === 0) return null;
  const into = person.leads[0]!;
  const merge = async (d: LikelyDuplicate) => {
    setBusy(true);
    const done = await attempt(
      () => adminRequest(WORKSPACE_PATHS.merges, { method: 'POST', body: { into: { list: into.list, _id: into._id }, from: [d.lead] } }),
      (message) => toast.show(message, 'error'),
      'Could not merge. Please try again.',
    );
    setBusy(false);
    if (done) {
      toast.show(`${d.name || d.email || d.phone} merged into this person`, 'success');
      onMerged();
    }
  };
  return (
    <section aria-labelledby="person-dups-title" className="person-dups">
      <h2 id="person-dups-title">Likely the same person</h2>
      <ul>
        {person.duplicates.map((d) => (
          <li key={d.id}>
            <Link to={`/admin/people/${d.id}`}>{d.name || d.email || d.phone}</Link>
            <span className="muted">
              {' '}
              · {d.reason} · {[d.phone, d.email].filter(Boolean).join(' · ')} · {d.leads} {d.leads === 1 ? 'form' : 'forms'}
            </span>
            {member.can('people.merge') && (
              <button type="button" className="btn btn--small" disabled={busy} onClick={() => void merge(d)}>
                Merge into this person
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Merges({ person, onUndone }: { person: PersonDetail; onUndone: (home: string) => void }) {
  const toast = useToast();
  const member = useMember();
  if (person.merges.length === 0) return null;
  const undo = async (m: PersonMerge) => {
    const done = await attempt(
      () => adminRequest<{ person: string }>(`${WORKSPACE_PATHS.merges}/${m.id}/undo`, { method: 'POST' }),
      (message) => toast.show(message, 'error'),
      'Could not undo the merge. Please try again.',
    );
    if (done) {
      toast.show('Merge undone: they are two people again', 'success');
      onUndone(person.id);
    }
  };
  return (
    <section aria-labelledby="person-merges-title">
      <h2 id="person-merges-title">Merges</h2>
      <ul>
        {person.merges.map((m) => (
          <li key={m.id}>
            {mergeText({ name: m.name, forms: m.moved, joinedHere: m.into === person.id })} by {m.by}, {formatDateTime(m.at)}
            {m.undone ? (
              <span className="muted"> — undone</span>
            ) : (
              member.can('people.merge') && (
                <>
                  {' '}
                  <button type="button" className="link-btn" onClick={() => void undo(m)}>
                    Undo<span className="visually-hidden"> the merge</span>
                  </button>
                </>
              )
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function PersonPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [loaded, reload] = useAdminData<PersonDetail>(`${WORKSPACE_PATHS.people}/${encodeURIComponent(id)}`, 'Could not load this person');
  if (loaded.state === 'error') {
    return (
      <section aria-labelledby="console-title">
        <h1 id="console-title">Person</h1>
        {loaded.status === 404 ? (
          <p>There is no such person, or none of their forms are yours to see.</p>
        ) : (
          <ErrorNotice message={loaded.message} onRetry={reload} />
        )}
      </section>
    );
  }
  if (!loaded.data) return <p aria-busy="true">Loading…</p>;
  const person = loaded.data;
  return (
    <section aria-labelledby="console-title" className="person">
      <Meta title={`${person.name || 'Person'} | Admin`} description="One person, every form they sent." robots="noindex" />
      <p>
        <Link to="/admin/people">← People</Link>
      </p>
      <h1 id="console-title">{person.name || person.emails[0] || person.phones[0]}</h1>
      <dl className="lead-fields">
        <div className="lead-fields__row">
          <dt>Phone</dt>
          <dd>{person.phones.length === 0 ? '—' : <PhoneLinks phones={person.phones} />}</dd>
        </div>
        <div className="lead-fields__row">
          <dt>Email</dt>
          <dd>{person.emails.join(', ') || '—'}</dd>
        </div>
      </dl>
      <Submissions leads={person.leads} />
      <Duplicates person={person} onMerged={reload} />
      <Merges
        person={person}
        onUndone={(home) => {
          if (home !== id) void navigate(`/admin/people/${home}`);
          else reload();
        }}
      />
      <Timeline entries={person.timeline} />
    </section>
  );
}
