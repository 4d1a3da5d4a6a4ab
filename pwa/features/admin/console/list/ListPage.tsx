// One page for every list, driven by the registry (contract/lead-kinds.ts): the spec's
// GET for the list with the filters in the URL, server-side paging with the total, filters
// (list/FilterForm.tsx), the table with each lead's owner and next step (list/LeadTable.tsx),
// what can be done to the selected rows (list/BulkBar.tsx), a CSV export for admins, live
// refresh, the member's columns and saved views (list/ListTools.tsx), sorting from the
// headers, and the detail panel of the lead named in ?open=. What a member sees and may do
// follows their role.
import { useCallback, useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { leadPath } from '../../../../../contract/console.ts';
import { kindOfSlug, LEAD_KINDS, type LeadListDef, type LeadStatus, type ListSlug } from '../../../../../contract/lead-kinds.ts';
import { Meta } from '../../../../components/Meta.tsx';
import { useToast } from '../../../../components/Toast.tsx';
import { ErrorNotice } from '../common/controls.tsx';
import { DetailPanel } from '../lead/DetailPanel.tsx';
import { apiQuery, PAGE_SIZE, useListFilters, type ListFilters } from './filters.ts';
import { rangeLabel, statusLabel } from '../common/format.ts';
import { BulkBar } from './BulkBar.tsx';
import { downloadCsv } from './csv.ts';
import { FilterForm } from './FilterForm.tsx';
import { shownColumns, type TableColumn } from './columns.ts';
import { LeadTable } from './LeadTable.tsx';
import { ColumnChooser, SaveView } from './ListTools.tsx';
import type { ReachType } from '../lead/reach.ts';
import { useLeadList, useSelection } from './useLeadList.ts';
import { useMember } from '../common/member.tsx';
import { useViewingList } from '../common/lead-events.tsx';
import { adminRequest } from '../common/request.ts';
import { attempt } from '../common/use-admin-data.ts';

export default function ListPage() {
  const { list: slugParam = '' } = useParams();
  const kind = kindOfSlug(slugParam);
  if (!kind) {
    return (
      <section aria-labelledby="console-title">
        <h1 id="console-title">Not found</h1>
        <p>There is no such list.</p>
      </section>
    );
  }
  return <List key={slugParam} slug={LEAD_KINDS[kind].list.slug} list={LEAD_KINDS[kind].list} />;
}

function Skeleton({ columns }: { columns: number }) {
  return (
    <div className="console-skeleton" role="progressbar" aria-busy="true" aria-label="Loading">
      {Array.from({ length: 8 }, (_, r) => (
        <div key={r} className="console-skeleton__row">
          {Array.from({ length: columns }, (_, c) => (
            <span key={c} />
          ))}
        </div>
      ))}
    </div>
  );
}

function Pager({
  filters,
  shown,
  total,
  setFilters,
}: {
  filters: ListFilters;
  shown: number;
  total: number;
  setFilters: (p: Partial<ListFilters>) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <nav className="console-pager" aria-label="Pages">
      <p aria-live="polite">{rangeLabel(filters.page, PAGE_SIZE, shown, total)}</p>
      <button
        type="button"
        className="btn btn--outline btn--small"
        disabled={filters.page <= 1}
        onClick={() => setFilters({ page: filters.page - 1 })}
      >
        Previous page
      </button>
      <button
        type="button"
        className="btn btn--outline btn--small"
        disabled={filters.page >= pages}
        onClick={() => setFilters({ page: filters.page + 1 })}
      >
        Next page
      </button>
    </nav>
  );
}

function ExportButton({ slug, filters }: { slug: ListSlug; filters: ListFilters }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const exportCsv = async () => {
    setBusy(true);
    try {
      await downloadCsv(slug, filters);
    } catch {
      toast.show('Could not export the list. Please try again.', 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn btn--outline btn--small" onClick={() => void exportCsv()} disabled={busy}>
      Export CSV
    </button>
  );
}

/** A status changed from a row: saved, said, and the page read again. */
function useRowStatus(slug: ListSlug, reload: () => void) {
  const toast = useToast();
  return useCallback(
    async (id: string, status: LeadStatus) => {
      const done = await attempt(
        () => adminRequest(leadPath(slug, id), { method: 'PATCH', body: { status } }),
        (message) => toast.show(message, 'error'),
        'Could not change the status. Please try again.',
      );
      if (done) {
        toast.show(`Status set to ${statusLabel(status)}`, 'success');
        reload();
      }
    },
    [slug, toast, reload],
  );
}

/** The list's title with its tools: columns, saving the view, the CSV for admins. */
function ListHead({ slug, list, columns, filters }: { slug: ListSlug; list: LeadListDef; columns: TableColumn[]; filters: ListFilters }) {
  const member = useMember();
  const location = useLocation();
  return (
    <>
      <Meta title={`${list.title} | Admin`} description={`${list.title}: leads for the SkillUp team.`} robots="noindex" />
      <div className="console-list__head">
        <h1 id="console-title">{list.title}</h1>
        <div className="console-list__tools">
          <ColumnChooser slug={slug} list={list} shown={columns} />
          {member.can('views.save') && <SaveView slug={slug} search={location.search} />}
          {member.can('leads.export') && <ExportButton slug={slug} filters={filters} />}
        </div>
      </div>
    </>
  );
}

function List({ slug, list }: { slug: ListSlug; list: LeadListDef }) {
  const member = useMember();
  const [filters, setFilters] = useListFilters();
  const query = apiQuery(filters);
  const { loaded, reload } = useLeadList(slug, list, query);
  useViewingList(slug);
  const { selected, setSelected, toggle } = useSelection(query);
  const columns = shownColumns(list, member.preferences.columns?.[slug]);
  // A tap on a row's WhatsApp or call: the panel opens on that lead and records the attempt.
  const [started, setStarted] = useState<{ id: string; type: ReachType } | null>(null);
  const items = loaded.state === 'error' ? [] : (loaded.items ?? []);
  const total = loaded.state === 'error' ? 0 : (loaded.total ?? 0);

  const setStatus = useRowStatus(slug, reload);

  return (
    <section aria-labelledby="console-title" className="console-list">
      <ListHead slug={slug} list={list} columns={columns} filters={filters} />
      <FilterForm list={list} filters={filters} setFilters={setFilters} />
      {selected.size > 0 && (
        <BulkBar
          slug={slug}
          filters={filters}
          selected={selected}
          page={items.length}
          total={total}
          onClear={() => setSelected(new Set())}
          onDone={() => {
            setSelected(new Set());
            reload();
          }}
        />
      )}
      {loaded.state === 'error' ? (
        <ErrorNotice message={loaded.message} onRetry={reload} />
      ) : loaded.state === 'loading' && loaded.items === undefined ? (
        <Skeleton columns={columns.length + 1} />
      ) : items.length === 0 ? (
        <p className="console-empty" role="status">
          {list.empty}
        </p>
      ) : (
        <LeadTable
          list={list}
          columns={columns}
          items={items}
          busy={loaded.state === 'loading'}
          sort={filters.sort}
          onSort={(sort) => setFilters({ sort })}
          onReach={(id, type) => {
            setStarted({ id, type });
            setFilters({ open: id });
          }}
          selected={selected}
          onSelect={toggle}
          onSelectPage={(on) => setSelected(on ? new Set(items.map((i) => i._id)) : new Set())}
          onOpen={(id) => setFilters({ open: id })}
          onStatus={(id, status) => void setStatus(id, status)}
        />
      )}
      {loaded.state !== 'error' && <Pager filters={filters} shown={items.length} total={total} setFilters={setFilters} />}
      {filters.open && (
        <DetailPanel
          key={`${filters.open}:${started?.id === filters.open ? started.type : ''}`}
          slug={slug}
          list={list}
          id={filters.open}
          started={started?.id === filters.open ? started.type : undefined}
          onClose={() => {
            setStarted(null);
            setFilters({ open: '' });
          }}
          onChanged={reload}
          onErased={() => {
            setFilters({ open: '' }, { replace: true });
            reload();
          }}
        />
      )}
    </section>
  );
}
