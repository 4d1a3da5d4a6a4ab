// People: everyone who filled any form, one row per person however many forms they sent
// (joined on email or the ten-digit phone), newest first, searchable, paged. A row opens the
// person with every submission and the whole timeline.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { listOf } from '../../../../../contract/lead-kinds.ts';
import { WORKSPACE_PATHS } from '../../../../../contract/workspace.ts';
import type { PeopleListResponse } from '../../../../../contract/people.ts';
import { Meta } from '../../../../components/Meta.tsx';
import { formatDateTime, statusLabel } from '../common/format.ts';
import { useAdminData } from '../common/use-admin-data.ts';
import { ConsoleTable } from '../common/ConsoleTable.tsx';
import { LoadState } from '../common/LoadState.tsx';

const PAGE = 50;

type Person = PeopleListResponse['data'][number];

/** One row per person: how to reach them, the forms they sent, their latest status and owner. */
function PeopleTable({ people }: { people: Person[] }) {
  return (
    <ConsoleTable
      headers={['Name', 'Phone', 'Email', 'Forms', 'Latest', 'Status', 'Owner']}
      className="people-table"
      caption="People, newest first"
    >
      {people.map((p) => (
        <tr key={p.id}>
          <th scope="row">
            <Link to={`/admin/people/${p.id}`} className="cell-clip" title={p.name}>
              {p.name || p.email || p.phone}
            </Link>
          </th>
          <td data-label="Phone">{p.phone}</td>
          <td data-label="Email">
            <span className="cell-clip" title={p.email}>
              {p.email}
            </span>
          </td>
          <td data-label="Forms">
            <span className="cell-clip" title={p.lists.map((l) => listOf(l).title).join(', ')}>
              {p.leads} · {p.lists.map((l) => listOf(l).title).join(', ')}
            </span>
          </td>
          <td data-label="Latest">{formatDateTime(p.lastAt)}</td>
          <td data-label="Status">{statusLabel(p.status)}</td>
          <td data-label="Owner">{p.assignee?.name ?? <span className="muted">Unassigned</span>}</td>
        </tr>
      ))}
    </ConsoleTable>
  );
}

export default function PeoplePage() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').slice(0, 100);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [draft, setDraft] = useState(q);
  const query = new URLSearchParams({ page: String(page), limit: String(PAGE), ...(q ? { q } : {}) });
  const [loaded, reload] = useAdminData<PeopleListResponse>(`${WORKSPACE_PATHS.people}?${query}`, 'Could not load people');
  const go = (next: { q?: string; page?: number }) => {
    const out = new URLSearchParams();
    const nq = next.q ?? q;
    if (nq) out.set('q', nq);
    if ((next.page ?? 1) > 1) out.set('page', String(next.page));
    setParams(out);
  };
  return (
    <section aria-labelledby="console-title" className="console-list">
      <Meta title="People | Admin" description="Everyone who filled a form, one record per person." robots="noindex" />
      <div className="console-list__head">
        <h1 id="console-title">People</h1>
      </div>
      <form
        className="console-filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          go({ q: draft.trim() });
        }}
      >
        <div className="console-field console-field--grow">
          <label htmlFor="people-q">Name, email or phone</label>
          <input id="people-q" type="search" value={draft} maxLength={100} onChange={(e) => setDraft(e.target.value)} />
        </div>
        <button type="submit" className="btn btn--small">
          Search
        </button>
      </form>
      <LoadState
        loaded={loaded}
        onRetry={reload}
        empty={(d) => d.data.length === 0 && (q ? `No one matches "${q}".` : 'No one has filled a form yet.')}
      >
        {(d) => <PeopleTable people={d.data} />}
      </LoadState>
      <nav className="console-pager" aria-label="Pages">
        <p aria-live="polite">Page {page}</p>
        <button type="button" className="btn btn--outline btn--small" disabled={page <= 1} onClick={() => go({ page: page - 1 })}>
          Previous page
        </button>
        <button
          type="button"
          className="btn btn--outline btn--small"
          disabled={loaded.state !== 'ready' || !loaded.data.hasMore}
          onClick={() => go({ page: page + 1 })}
        >
          Next page
        </button>
      </nav>
    </section>
  );
}
