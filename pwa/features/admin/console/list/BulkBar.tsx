// What can be done to the selected leads, as the member's role allows: the rows ticked, or
// (once the whole page is ticked) "all N matching this filter", which the server resolves
// within the member's leads when it applies the change. A status, an owner, a next step or a
// tag for all of them (list/BulkActions.tsx), with "Undo" in the message that says it was
// done; export them (admins); delete the rows ticked after a confirmation (admins).
import { useEffect, useState } from 'react';
import type { ListSlug } from '../../../../../contract/lead-kinds.ts';
import { useToast } from '../../../../components/Toast.tsx';
import { ConfirmErase } from '../common/controls.tsx';
import { CONSOLE_PATHS } from '../../../../../contract/console.ts';
import { BULK_MAX } from '../../../../../contract/bulk.ts';
import type { ListFilters } from './filters.ts';
import { downloadCsv } from './csv.ts';
import { formatCount } from '../common/format.ts';
import { useMember } from '../common/member.tsx';
import { adminRequest } from '../common/request.ts';
import { attempt } from '../common/use-admin-data.ts';
import { BulkActions, type Changing } from './BulkActions.tsx';
import { filterOf, leadsText, resultText, runBulk, undoBulk, undoText, type BulkTarget } from './bulk-request.ts';
import './bulk.css';

function ExportSelected({ slug, filters, ids }: { slug: ListSlug; filters: ListFilters; ids: string[] | undefined }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadCsv(slug, filters, ids);
    } catch {
      toast.show('Could not export the selected leads. Please try again.', 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn btn--outline btn--small" onClick={() => void run()} disabled={busy}>
      {busy ? 'Exporting…' : 'Export selected'}
    </button>
  );
}

/**
 * "Select all 1,234 matching this filter" (after "All 50 on this page are selected" when the
 * page is ticked), and back. A phone's rows are cards with no box for the page: one tick, then this.
 */
function MatchingChoice({
  pageTicked,
  page,
  total,
  all,
  onAll,
}: {
  pageTicked: boolean;
  page: number;
  total: number;
  all: boolean;
  onAll: (all: boolean) => void;
}) {
  if (all) {
    return (
      <p className="console-bulk__matching">
        All {leadsText(total)} matching this filter are selected.{' '}
        <button type="button" className="link-btn" onClick={() => onAll(false)}>
          Select only the ticked rows
        </button>
      </p>
    );
  }
  return (
    <p className="console-bulk__matching">
      {pageTicked ? `All ${formatCount(page)} on this page are selected. ` : ''}
      <button type="button" className="link-btn" onClick={() => onAll(true)}>
        Select all {leadsText(total)} matching this filter
      </button>
    </p>
  );
}

/** Applies a change and says so, with its undo. */
function useApply(slug: ListSlug, target: BulkTarget, onDone: () => void) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const fail = (message: string) => toast.show(message, 'error');
  const undo = async (id: string) => {
    const done = await attempt(() => undoBulk(slug, id), fail, 'Could not undo the change. Please try again.');
    if (done) {
      toast.show(undoText(done), 'success');
      onDone();
    }
  };
  const apply = async (action: Changing, words: string) => {
    setBusy(true);
    const done = await attempt(() => runBulk(slug, target, action), fail, 'Could not change the leads. Please try again.');
    setBusy(false);
    if (!done) return;
    const changeId = done.id;
    toast.show(resultText(done, words), 'success', changeId ? { label: 'Undo', run: () => void undo(changeId) } : undefined);
    onDone();
  };
  return { busy, apply };
}

export function BulkBar({
  slug,
  filters,
  selected,
  page,
  total,
  onDone,
  onClear,
}: {
  slug: ListSlug;
  filters: ListFilters;
  selected: Set<string>;
  /** Rows on this page, and leads matching the filter. */
  page: number;
  total: number;
  onDone: () => void;
  onClear: () => void;
}) {
  const toast = useToast();
  const member = useMember();
  const [all, setAll] = useState(false);
  const [erasing, setErasing] = useState(false);
  const [confirmErase, setConfirmErase] = useState(false);
  const ids = [...selected].slice(0, BULK_MAX);
  const widens = total > selected.size;
  const pageTicked = page > 0 && selected.size >= page;
  // Another filter or another tick is another choice: back to the rows ticked.
  useEffect(() => setAll(false), [selected, filters]);
  const matching = all && widens;
  const { busy, apply } = useApply(slug, matching ? { filter: filterOf(filters) } : { ids }, onDone);
  const erase = async () => {
    setErasing(true);
    const done = await attempt(
      () => adminRequest<{ erased: string[] }>(`${CONSOLE_PATHS.leads}/${slug}/erase`, { method: 'POST', body: { ids } }),
      (message) => toast.show(message, 'error'),
      'Could not delete the leads. Please try again.',
    );
    setErasing(false);
    setConfirmErase(false);
    if (done) {
      toast.show(`${leadsText(done.erased.length)} deleted`, 'success');
      onDone();
    }
  };
  return (
    <>
      <div className="console-bulk" role="region" aria-label="The selected leads">
        <span role="status">{matching ? `${formatCount(total)} selected` : `${formatCount(selected.size)} selected`}</span>
        {widens && <MatchingChoice pageTicked={pageTicked} page={page} total={total} all={matching} onAll={setAll} />}
        {member.can('leads.work') && <BulkActions slug={slug} busy={busy} onApply={(action, done) => void apply(action, done)} />}
        {member.can('leads.export') && <ExportSelected slug={slug} filters={filters} ids={matching ? undefined : ids} />}
        {member.can('leads.erase') && !matching && (
          <button type="button" className="btn btn--danger btn--small" onClick={() => setConfirmErase(true)} disabled={erasing}>
            Delete selected
          </button>
        )}
        <button type="button" className="link-btn" onClick={onClear}>
          Clear selection
        </button>
      </div>
      {confirmErase && (
        <ConfirmErase count={selected.size} busy={erasing} onCancel={() => setConfirmErase(false)} onConfirm={() => void erase()} />
      )}
    </>
  );
}
