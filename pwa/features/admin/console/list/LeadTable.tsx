// The table. Each row's first cell is a button that opens the lead (Enter or Space, as any
// button); Arrow Up and Down, Home and End move between rows (one row is in the tab order at
// a time, so Tab leaves the table instead of walking fifty rows). Besides the kind's
// columns: the owner, and the next step or, for a lead no one has contacted, how long it
// has waited in working hours, marked once it is past the SLA.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ACTION_LABELS, durationText, type Assignee, type NextAction } from '../../../../../contract/desk.ts';
import type { LeadListDef, LeadStatus } from '../../../../../contract/lead-kinds.ts';
import { leadName, StatusSelect } from '../controls.tsx';
import { FieldValue } from '../FieldValue.tsx';
import { formatDateTime } from '../format.ts';
import { useMember } from '../member.tsx';
import type { Lead } from './useLeadList.ts';

/** The time now, ticking every `ms`, so "waiting" and "overdue" move on while a list stays open. */
function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), ms);
    return () => window.clearInterval(timer);
  }, [ms]);
  return now;
}

function NextCell({ item, now }: { item: Lead; now: number }) {
  const next = item.nextAction as NextAction | null | undefined;
  if (next) {
    const overdue = Date.parse(next.dueAt) < now;
    return (
      <span className={overdue ? 'desk-cell is-overdue' : 'desk-cell'}>
        {ACTION_LABELS[next.type]}, {formatDateTime(next.dueAt)}
        {overdue && <span className="desk-flag"> overdue</span>}
      </span>
    );
  }
  const waited = item.waitedMinutes as number | null | undefined;
  const slaDueAt = item.slaDueAt as string | null | undefined;
  if (typeof waited === 'number' && slaDueAt) {
    const past = Date.parse(slaDueAt) <= now;
    // The wait is the server's count of working minutes when it answered; the SLA mark follows the clock.
    return (
      <span className={past ? 'desk-cell is-past-sla' : 'desk-cell'} title={past ? 'Not contacted within the SLA' : 'Not contacted yet'}>
        Waiting {durationText(waited)}
        {past && <span className="desk-flag"> past SLA</span>}
      </span>
    );
  }
  return <span className="muted">—</span>;
}

interface TableProps {
  list: LeadListDef;
  items: Lead[];
  busy: boolean;
  selected: Set<string>;
  onSelect(id: string, on: boolean): void;
  onSelectPage(on: boolean): void;
  onOpen(id: string): void;
  onStatus(id: string, status: LeadStatus): void;
}

function useRowKeys(count: number) {
  const [active, setActive] = useState(0);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  useEffect(() => setActive((a) => Math.min(a, Math.max(0, count - 1))), [count]);
  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const keys: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: count - 1 };
    if (!(e.key in keys)) return;
    e.preventDefault();
    const to = Math.max(0, Math.min(count - 1, keys[e.key]!));
    setActive(to);
    buttons.current[to]?.focus();
  };
  return { active, setActive, buttons, onKeyDown };
}

export function LeadTable({ list, items, busy, selected, onSelect, onSelectPage, onOpen, onStatus }: TableProps) {
  const member = useMember();
  const now = useNow(60_000);
  const rows = useRowKeys(items.length);
  const [first, ...rest] = list.columns;
  const allOnPage = items.length > 0 && items.every((i) => selected.has(i._id));
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
            <th scope="col">Owner</th>
            <th scope="col">Next step</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item, index) => {
            const name = leadName(item) || String(item[first!.key] ?? '');
            const assignee = item.assignee as Assignee | null | undefined;
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
                      rows.buttons.current[index] = el;
                    }}
                    type="button"
                    className="link-btn console-table__open"
                    tabIndex={index === rows.active ? 0 : -1}
                    onFocus={() => rows.setActive(index)}
                    onKeyDown={(e) => rows.onKeyDown(e, index)}
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
                <td className="console-table__owner">
                  {assignee ? assignee._id === member.id ? 'You' : assignee.name : <span className="muted">Unassigned</span>}
                </td>
                <td className="console-table__next">
                  <NextCell item={item} now={now} />
                </td>
                <td>
                  <StatusSelect
                    value={item.status}
                    label={`Status of ${name}`}
                    onChange={(s) => onStatus(item._id, s)}
                    disabled={!member.can('leads.work')}
                  />
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
