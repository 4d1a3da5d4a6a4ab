// One page for all five lists, driven by the registry (contract/lead-kinds.ts): the spec's
// GET for the list with the filters in the URL, server-side paging with the total, a
// search that waits for typing to pause, a date range and a status filter, status changes
// from the row or for several rows at once, a CSV export, live refresh, and the detail
// panel of the lead named in ?open=.
import { SOURCE_VALUE_MAX } from '../../../../contract/lead-signals.ts';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useParams } from 'react-router-dom';
import { TOTAL_COUNT_HEADER } from '../../../../contract/admin.ts';
import { BULK_MAX, CONSOLE_PATHS, csvPath, leadPath } from '../../../../contract/console.ts';
import {
  kindOfSlug,
  LEAD_KINDS,
  LEAD_STATUSES,
  listItems,
  type LeadListDef,
  type LeadStatus,
  type ListSlug,
} from '../../../../contract/lead-kinds.ts';
import { Meta } from '../../../components/Meta.tsx';
import { useToast } from '../../../components/Toast.tsx';
import { AdminRequestError, adminRequest } from './request.ts';
import { readSession } from '../session.ts';
import { DetailPanel } from './DetailPanel.tsx';
import { apiQuery, exportQuery, PAGE_SIZE, useListFilters, type ListFilters } from './filters.ts';
import { FieldValue } from './FieldValue.tsx';
import { formatCount, rangeLabel, statusLabel } from './format.ts';
import { ConfirmErase, ErrorNotice, leadName, StatusSelect } from './controls.tsx';
import { useListChanges } from './lead-events.tsx';

export type Lead = Record<string, unknown> & { _id: string; status: LeadStatus };

type Loaded =
  | { state: 'loading'; items?: Lead[]; total?: number }
  | { state: 'ready'; items: Lead[]; total: number }
  | { state: 'error'; message: string };

/** What a list says when it cannot be fetched (spec §8: join-now has its own words). */
function failureText(list: LeadListDef, err: unknown): string {
  const server = err instanceof AdminRequestError ? err.serverMessage : undefined;
  if (list.failure) return server ?? list.failure;
  return server ? `Could not load ${list.title}: ${server}` : `Could not load ${list.title}. Check the connection and try again.`;
}

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** A text filter that applies once typing pauses. */
function SearchBox({
  label,
  value,
  maxLength,
  grow,
  onSearch,
}: {
  label: string;
  value: string;
  maxLength: number;
  grow?: boolean;
  onSearch: (q: string) => void;
}) {
  const [text, setText] = useState(value);
  const settled = useDebounced(text, 350);
  // The URL changed from outside (back button, a link): show what it says.
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (settled.trim() !== value.trim()) onSearch(settled.trim());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a settled change searches
  }, [settled]);
  const id = useId();
  return (
    <div className={grow ? 'console-field console-field--grow' : 'console-field'}>
      <label htmlFor={id}>{label}</label>
      <input id={id} type="search" value={text} maxLength={maxLength} onChange={(e) => setText(e.target.value)} autoComplete="off" />
    </div>
  );
}

async function downloadCsv(slug: ListSlug, filters: ListFilters): Promise<void> {
  const session = readSession();
  const query = exportQuery(filters);
  const response = await fetch(`${csvPath(slug)}${query ? `?${query}` : ''}`, {
    headers: { Authorization: `Bearer ${session?.token ?? ''}` },
  });
  if (!response.ok) throw new AdminRequestError(response.status, undefined);
  const blob = await response.blob();
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `${slug}.csv`;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

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

function List({ slug, list }: { slug: ListSlug; list: LeadListDef }) {
  const toast = useToast();
  const [filters, setFilters] = useListFilters();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [bulkStatus, setBulkStatus] = useState<LeadStatus>('contacted');
  const [busy, setBusy] = useState(false);
  const [confirmErase, setConfirmErase] = useState(false);
  const [reload, setReload] = useState(0);
  const query = apiQuery(filters);

  useEffect(() => {
    const controller = new AbortController();
    // Keep the rows on screen while the next page or filter loads (no flash), with a skeleton only the first time.
    setLoaded((l) => (l.state === 'ready' ? { state: 'loading', items: l.items, total: l.total } : { state: 'loading' }));
    adminRequest<unknown>(`${list.path}?${query}`, { signal: controller.signal }).then(
      ({ data, headers }) => {
        const items = (listItems(data, list.envelope) ?? []) as Lead[];
        setLoaded({ state: 'ready', items, total: Number(headers.get(TOTAL_COUNT_HEADER) ?? items.length) });
      },
      (err: unknown) => {
        if (controller.signal.aborted) return;
        setLoaded({ state: 'error', message: failureText(list, err) });
      },
    );
    return () => controller.abort();
  }, [list, query, reload]);

  // Selections belong to a view: a new page or filter starts without any.
  useEffect(() => setSelected(new Set()), [query]);

  useListChanges(slug, () => setReload((n) => n + 1));

  const items = loaded.state === 'error' ? [] : (loaded.items ?? []);
  const total = loaded.state === 'error' ? 0 : (loaded.total ?? 0);
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  const setStatus = useCallback(
    async (id: string, status: LeadStatus) => {
      try {
        await adminRequest(leadPath(slug, id), { method: 'PATCH', body: { status } });
        toast.show(`Status set to ${statusLabel(status)}`, 'success');
        setReload((n) => n + 1);
      } catch (err) {
        if (err instanceof AdminRequestError && err.status !== 401)
          toast.show(err.serverMessage ?? 'Could not change the status. Please try again.', 'error');
      }
    },
    [slug, toast],
  );

  const applyBulk = async (e: FormEvent) => {
    e.preventDefault();
    if (selected.size === 0) return;
    setBusy(true);
    try {
      const { data } = await adminRequest<{ updated: string[] }>(`${CONSOLE_PATHS.leads}/${slug}/status`, {
        method: 'POST',
        body: { ids: [...selected].slice(0, BULK_MAX), status: bulkStatus },
      });
      toast.show(
        `${formatCount(data.updated.length)} ${data.updated.length === 1 ? 'lead' : 'leads'} set to ${statusLabel(bulkStatus)}`,
        'success',
      );
      setSelected(new Set());
      setReload((n) => n + 1);
    } catch (err) {
      if (err instanceof AdminRequestError && err.status !== 401)
        toast.show(err.serverMessage ?? 'Could not change the statuses. Please try again.', 'error');
    } finally {
      setBusy(false);
    }
  };

  const eraseSelected = async () => {
    setBusy(true);
    try {
      const { data } = await adminRequest<{ erased: string[] }>(`${CONSOLE_PATHS.leads}/${slug}/erase`, {
        method: 'POST',
        body: { ids: [...selected].slice(0, BULK_MAX) },
      });
      toast.show(`${formatCount(data.erased.length)} ${data.erased.length === 1 ? 'lead' : 'leads'} deleted`, 'success');
      setSelected(new Set());
      setReload((n) => n + 1);
    } catch (err) {
      if (err instanceof AdminRequestError && err.status !== 401)
        toast.show(err.serverMessage ?? 'Could not delete the leads. Please try again.', 'error');
    } finally {
      setBusy(false);
      setConfirmErase(false);
    }
  };

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

  const filtered = Boolean(filters.q || filters.from || filters.to || filters.status || filters.source);
  const allOnPage = items.length > 0 && items.every((i) => selected.has(i._id));

  return (
    <section aria-labelledby="console-title" className="console-list">
      <Meta title={`${list.title} | Admin`} description={`${list.title}: leads for the SkillUp team.`} robots="noindex" />
      <div className="console-list__head">
        <h1 id="console-title">{list.title}</h1>
        <button type="button" className="btn btn--outline btn--small" onClick={() => void exportCsv()} disabled={busy}>
          Export CSV
        </button>
      </div>

      <form className="console-filters" role="search" aria-label={`Filter ${list.title}`} onSubmit={(e) => e.preventDefault()}>
        <SearchBox
          label="Search name, email or phone"
          grow
          value={filters.q}
          maxLength={100}
          onSearch={(q) => setFilters({ q }, { replace: true })}
        />
        <div className="console-field">
          <label htmlFor="filter-from">From</label>
          <input
            id="filter-from"
            type="date"
            value={filters.from}
            max={filters.to || undefined}
            onChange={(e) => setFilters({ from: e.target.value })}
          />
        </div>
        <div className="console-field">
          <label htmlFor="filter-to">To</label>
          <input
            id="filter-to"
            type="date"
            value={filters.to}
            min={filters.from || undefined}
            onChange={(e) => setFilters({ to: e.target.value })}
          />
        </div>
        <div className="console-field">
          <label htmlFor="filter-status">Status</label>
          <select id="filter-status" value={filters.status} onChange={(e) => setFilters({ status: e.target.value as LeadStatus | '' })}>
            <option value="">All but spam</option>
            {LEAD_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </select>
        </div>
        <SearchBox
          label="Source (utm_source)"
          value={filters.source}
          maxLength={SOURCE_VALUE_MAX}
          onSearch={(source) => setFilters({ source }, { replace: true })}
        />
        {filtered && (
          <button type="button" className="link-btn" onClick={() => setFilters({ q: '', from: '', to: '', status: '', source: '' })}>
            Clear filters
          </button>
        )}
      </form>

      {selected.size > 0 && (
        <form className="console-bulk" onSubmit={(e) => void applyBulk(e)} aria-label="Change the status of the selected leads">
          <span role="status">{formatCount(selected.size)} selected</span>
          <StatusSelect value={bulkStatus} label="New status for the selected leads" onChange={setBulkStatus} />
          <button type="submit" className="btn btn--small" disabled={busy}>
            Set status
          </button>
          <button type="button" className="btn btn--danger btn--small" onClick={() => setConfirmErase(true)} disabled={busy}>
            Delete selected
          </button>
          <button type="button" className="link-btn" onClick={() => setSelected(new Set())}>
            Clear selection
          </button>
        </form>
      )}
      {confirmErase && (
        <ConfirmErase count={selected.size} busy={busy} onCancel={() => setConfirmErase(false)} onConfirm={() => void eraseSelected()} />
      )}

      {loaded.state === 'error' ? (
        <ErrorNotice message={loaded.message} onRetry={() => setReload((n) => n + 1)} />
      ) : loaded.state === 'loading' && loaded.items === undefined ? (
        <Skeleton columns={list.columns.length + 3} />
      ) : items.length === 0 ? (
        <p className="console-empty" role="status">
          {list.empty}
        </p>
      ) : (
        <LeadTable
          list={list}
          items={items}
          busy={loaded.state === 'loading'}
          selected={selected}
          allOnPage={allOnPage}
          onSelect={(id, on) =>
            setSelected((s) => {
              const next = new Set(s);
              if (on) next.add(id);
              else next.delete(id);
              return next;
            })
          }
          onSelectPage={(on) => setSelected(on ? new Set(items.map((i) => i._id)) : new Set())}
          onOpen={(id) => setFilters({ open: id })}
          onStatus={(id, status) => void setStatus(id, status)}
        />
      )}

      {loaded.state !== 'error' && (
        <nav className="console-pager" aria-label="Pages">
          <p aria-live="polite">{rangeLabel(filters.page, PAGE_SIZE, items.length, total)}</p>
          <button
            type="button"
            className="btn btn--outline btn--small"
            disabled={filters.page <= 1}
            onClick={() => setFilters({ page: filters.page - 1 })}
          >
            Previous
          </button>
          <button
            type="button"
            className="btn btn--outline btn--small"
            disabled={filters.page >= pages}
            onClick={() => setFilters({ page: filters.page + 1 })}
          >
            Next
          </button>
        </nav>
      )}

      {filters.open && (
        <DetailPanel
          slug={slug}
          list={list}
          id={filters.open}
          onClose={() => setFilters({ open: '' })}
          onChanged={() => setReload((n) => n + 1)}
          onErased={() => {
            setFilters({ open: '' }, { replace: true });
            setReload((n) => n + 1);
          }}
        />
      )}
    </section>
  );
}

function Skeleton({ columns }: { columns: number }) {
  return (
    <div className="console-skeleton" aria-busy="true" aria-label="Loading">
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

interface TableProps {
  list: LeadListDef;
  items: Lead[];
  busy: boolean;
  selected: Set<string>;
  allOnPage: boolean;
  onSelect(id: string, on: boolean): void;
  onSelectPage(on: boolean): void;
  onOpen(id: string): void;
  onStatus(id: string, status: LeadStatus): void;
}

/**
 * The table. Each row's first cell is a button that opens the lead (Enter or Space, as any
 * button); Arrow Up and Down, Home and End move between rows (one row is in the tab order at
 * a time, so Tab leaves the table instead of walking fifty rows).
 */
function LeadTable({ list, items, busy, selected, allOnPage, onSelect, onSelectPage, onOpen, onStatus }: TableProps) {
  const [active, setActive] = useState(0);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  useEffect(() => setActive((a) => Math.min(a, Math.max(0, items.length - 1))), [items.length]);
  const move = (to: number) => {
    const index = Math.max(0, Math.min(items.length - 1, to));
    setActive(index);
    buttons.current[index]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const keys: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: items.length - 1 };
    if (e.key in keys) {
      e.preventDefault();
      move(keys[e.key]!);
    }
  };
  const [first, ...rest] = list.columns;
  return (
    <div className="console-table-wrap">
      <table className="console-table" aria-busy={busy} aria-describedby="console-table-help">
        <caption className="visually-hidden">
          {list.title}, newest first. <span id="console-table-help">Use the arrow keys to move between rows and Enter to open one.</span>
        </caption>
        <thead>
          <tr>
            <th scope="col" className="console-table__check">
              <input
                type="checkbox"
                checked={allOnPage}
                onChange={(e) => onSelectPage(e.target.checked)}
                aria-label="Select every lead on this page"
              />
            </th>
            <th scope="col">{first!.label}</th>
            {rest.map((c) => (
              <th scope="col" key={c.key}>
                {c.label}
              </th>
            ))}
            <th scope="col">{list.timeField === 'joinedAt' ? 'Joined' : 'Date'}</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item, index) => {
            const name = leadName(item) || String(item[first!.key] ?? '');
            return (
              <tr
                key={item._id}
                className={selected.has(item._id) ? 'is-selected' : undefined}
                onClick={(e) => {
                  // Clicks on the row's own controls do what they do; elsewhere they open the lead.
                  if ((e.target as HTMLElement).closest('input, select, a, button')) return;
                  onOpen(item._id);
                }}
              >
                <td className="console-table__check">
                  <input
                    type="checkbox"
                    checked={selected.has(item._id)}
                    onChange={(e) => onSelect(item._id, e.target.checked)}
                    aria-label={`Select ${name}`}
                  />
                </td>
                <th scope="row">
                  <button
                    ref={(el) => {
                      buttons.current[index] = el;
                    }}
                    type="button"
                    className="link-btn console-table__open"
                    tabIndex={index === active ? 0 : -1}
                    onFocus={() => setActive(index)}
                    onKeyDown={(e) => onKeyDown(e, index)}
                    onClick={() => onOpen(item._id)}
                    data-lead-id={item._id}
                  >
                    <FieldValue field={first!} item={item} />
                  </button>
                </th>
                {rest.map((c) => (
                  <td key={c.key} className={`console-table__${c.kind}`}>
                    <FieldValue field={c} item={item} />
                  </td>
                ))}
                <td className="console-table__date">
                  <FieldValue field={{ key: list.timeField, label: 'Date', kind: 'date' }} item={item} />
                </td>
                <td>
                  <StatusSelect value={item.status} label={`Status of ${name}`} onChange={(s) => onStatus(item._id, s)} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="visually-hidden" aria-live="polite">
        {busy ? 'Loading' : ''}
      </p>
    </div>
  );
}
