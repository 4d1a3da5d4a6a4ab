// The table. Each row's first cell is a button that opens the lead (Enter or Space, as any
// button); Arrow Up and Down (or j and k), Home and End move between rows (one row is in the
// tab order at a time, so Tab leaves the table instead of walking fifty rows). The columns
// are the member's choice (list/columns.ts); a header sorts by its column. Cells never widen
// the table: long text is cut with an ellipsis and the whole value is in its title and in
// the lead's panel. Below 700 px each row is a card (console.css).
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ACTION_LABELS, type NextAction } from '../../../../../contract/activities.ts';
import { durationText } from '../../../../../contract/working-hours.ts';
import type { Assignee } from '../../../../../contract/assignment.ts';
import type { LeadListDef, LeadStatus } from '../../../../../contract/lead-kinds.ts';
import { leadName, StatusSelect } from '../common/controls.tsx';
import { FieldValue } from '../lead/FieldValue.tsx';
import { formatDateTime } from '../common/format.ts';
import { useMember } from '../common/member.tsx';
import { offeredTemplates, reachLinks, useTemplates, type ReachType } from '../lead/reach.ts';
import type { MessageTemplate } from '../../../../../contract/templates.ts';
import { ariaSort, nextSort, type TableColumn } from './columns.ts';
import type { Lead } from './useLeadList.ts';
import { ScoreBadge } from '../score/ScoreBadge.tsx';
import { RowTags } from './RowTags.tsx';

/** The time now, ticking every `ms`, so "waiting" and "overdue" move on while a list stays open. */
function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), ms);
    return () => window.clearInterval(timer);
  }, [ms]);
  return now;
}

function nextText(item: Lead, now: number): { text: string; className: string; flag?: string } | undefined {
  const next = item.nextAction as NextAction | null | undefined;
  if (next) {
    const overdue = Date.parse(next.dueAt) < now;
    return {
      text: `${ACTION_LABELS[next.type]}, ${formatDateTime(next.dueAt)}`,
      className: overdue ? 'desk-cell is-overdue' : 'desk-cell',
      ...(overdue ? { flag: 'overdue' } : {}),
    };
  }
  const waited = item.waitedMinutes as number | null | undefined;
  const slaDueAt = item.slaDueAt as string | null | undefined;
  if (typeof waited === 'number' && slaDueAt) {
    // The wait is the server's count of working minutes when it answered; the SLA mark follows the clock.
    const past = Date.parse(slaDueAt) <= now;
    return {
      text: `Waiting ${durationText(waited)}`,
      className: past ? 'desk-cell is-past-sla' : 'desk-cell',
      ...(past ? { flag: 'past SLA' } : {}),
    };
  }
  return undefined;
}

function NextCell({ item, now }: { item: Lead; now: number }) {
  const next = nextText(item, now);
  if (!next) return <span className="muted">—</span>;
  return (
    <span className={next.className} title={next.flag ? `${next.text} (${next.flag})` : next.text}>
      {next.flag && <span className="desk-flag">{next.flag} </span>}
      {next.text}
    </span>
  );
}

interface TableProps {
  list: LeadListDef;
  columns: TableColumn[];
  items: Lead[];
  busy: boolean;
  sort: string;
  onSort(sort: string): void;
  selected: Set<string>;
  onSelect(id: string, on: boolean): void;
  onSelectPage(on: boolean): void;
  onOpen(id: string): void;
  /** A tap on a row's WhatsApp or call link: the app opens, and the lead's panel asks how it went. */
  onReach(id: string, type: ReachType): void;
  onStatus(id: string, status: LeadStatus): void;
}

const ROW_KEYS = { ArrowDown: 1, j: 1, ArrowUp: -1, k: -1 } as const;

function useRowKeys(count: number) {
  const [active, setActive] = useState(0);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  useEffect(() => setActive((a) => Math.min(a, Math.max(0, count - 1))), [count]);
  const onKeyDown = (e: KeyboardEvent, index: number) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const step = ROW_KEYS[e.key as keyof typeof ROW_KEYS];
    const to = step !== undefined ? index + step : e.key === 'Home' ? 0 : e.key === 'End' ? count - 1 : undefined;
    if (to === undefined) return;
    e.preventDefault();
    const clamped = Math.max(0, Math.min(count - 1, to));
    setActive(clamped);
    buttons.current[clamped]?.focus();
  };
  return { active, setActive, buttons, onKeyDown };
}

function SortHeader({ column, sort, onSort }: { column: TableColumn; sort: string; onSort(sort: string): void }) {
  const order = ariaSort(sort, column.sortKey);
  return (
    <th scope="col" aria-sort={order} className={`console-table__col-${column.id}`} title={column.label}>
      {column.sortKey ? (
        <button type="button" className="console-table__sort" onClick={() => onSort(nextSort(sort, column.sortKey!))}>
          {column.label}
          <span aria-hidden="true" className="console-table__sort-mark">
            {order === 'ascending' ? '▲' : order === 'descending' ? '▼' : ''}
          </span>
        </button>
      ) : (
        column.label
      )}
    </th>
  );
}

/** A text value cut to its cell, the whole of it on hover. */
function Clip({ text, children }: { text: string; children: ReactNode }) {
  return (
    <span className="cell-clip" title={text || undefined}>
      {children}
    </span>
  );
}

/**
 * The phone in a row: the number is the call link and the WhatsApp mark beside it opens a
 * chat with the WhatsApp template that fits the lead filled in; either tap also records the attempt.
 */
function PhoneCell({
  item,
  name,
  whatsapp,
  onReach,
}: {
  item: Lead;
  name: string;
  whatsapp: MessageTemplate[];
  onReach?: (type: ReachType) => void;
}) {
  const member = useMember();
  const phone = typeof item.phone === 'string' ? item.phone : '';
  const links = reachLinks(item, { whatsapp: offeredTemplates(whatsapp, item, member.name, '').chosen });
  if (!onReach || !links.call)
    return <Clip text={phone}>{phone ? <FieldValue field={{ key: 'phone', label: 'Phone', kind: 'phone' }} item={item} /> : null}</Clip>;
  return (
    <span className="row-phone">
      <a href={links.call} className="cell-clip" title={`Call ${phone}`} onClick={() => onReach('call')}>
        {phone}
      </a>
      <a
        href={links.whatsapp}
        target="_blank"
        rel="noopener noreferrer"
        className="row-reach__link row-reach__link--whatsapp"
        title="WhatsApp"
        onClick={() => onReach('whatsapp')}
      >
        WA<span className="visually-hidden"> (WhatsApp {name})</span>
      </a>
    </span>
  );
}

interface RowProps extends Pick<TableProps, 'list' | 'columns' | 'selected' | 'onSelect' | 'onOpen' | 'onReach' | 'onStatus'> {
  item: Lead;
  index: number;
  /** The WhatsApp templates (read once for the table): a row's WA link fills in the one that fits its lead. */
  whatsapp: MessageTemplate[];
  now: number;
  rows: ReturnType<typeof useRowKeys>;
}

function cellText(item: Lead, column: TableColumn): string {
  const value = column.field ? item[column.field.key] : undefined;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

interface CellProps extends Pick<RowProps, 'list' | 'item' | 'now' | 'whatsapp' | 'onReach' | 'onStatus'> {
  column: TableColumn;
  /** The lead's name as the row shows it (labels of its controls say whose they are). */
  name: string;
}

/** One cell after the name: the date, the owner, the next step, the status, a phone with its links, or a field. */
function RowCell({ column, item, list, now, name, whatsapp, onReach, onStatus }: CellProps): ReactNode {
  const member = useMember();
  const assignee = item.assignee as Assignee | null | undefined;
  const owner = assignee ? (assignee._id === member.id ? 'You' : assignee.name) : '';
  switch (column.id) {
    case 'date':
      return (
        <Clip text={formatDateTime(item[list.timeField])}>
          <FieldValue field={{ key: list.timeField, label: 'Date', kind: 'date' }} item={item} />
        </Clip>
      );
    case 'owner':
      return owner ? (
        <Clip text={owner}>{owner}</Clip>
      ) : (
        <Clip text="Unassigned">
          <span className="muted">Unassigned</span>
        </Clip>
      );
    case 'next':
      return <NextCell item={item} now={now} />;
    case 'score':
      return <ScoreBadge score={item.score} />;
    case 'status':
      return (
        <StatusSelect
          value={item.status}
          label={`Status of ${name}`}
          onChange={(s) => onStatus(item._id, s)}
          disabled={!member.can('leads.work')}
        />
      );
    default:
      if (column.field!.kind === 'phone')
        return (
          <PhoneCell
            item={item}
            name={name}
            whatsapp={whatsapp}
            {...(member.can('leads.work') ? { onReach: (t: ReachType) => onReach(item._id, t) } : {})}
          />
        );
      return (
        <Clip text={cellText(item, column)}>
          <FieldValue field={column.field!} item={item} />
        </Clip>
      );
  }
}

function Row({ list, item, index, now, rows, whatsapp, columns, selected, onSelect, onOpen, onReach, onStatus }: RowProps) {
  const [first, ...rest] = columns;
  const name = leadName(item) || String(item[first!.field!.key] ?? '');
  return (
    <tr
      className={selected.has(item._id) ? 'is-selected' : undefined}
      data-row-index={index}
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
      <th scope="row" className={`console-table__col-${first!.id}`}>
        <button
          ref={(el) => {
            rows.buttons.current[index] = el;
          }}
          type="button"
          className="link-btn console-table__open cell-clip"
          title={name}
          tabIndex={index === rows.active ? 0 : -1}
          onFocus={() => rows.setActive(index)}
          onKeyDown={(e) => rows.onKeyDown(e, index)}
          onClick={() => onOpen(item._id)}
          data-lead-id={item._id}
        >
          {name || <FieldValue field={first!.field!} item={item} />}
        </button>
        {item.likelyDuplicate === true && typeof item.personId === 'string' && (
          <Link
            className="dup-flag"
            to={`/admin/people/${item.personId}`}
            title="Another lead has the same email or phone: see the person to merge them"
          >
            Possible duplicate<span className="visually-hidden"> of {name}: see the person</span>
          </Link>
        )}
        <RowTags tags={item.tags} />
      </th>
      {rest.map((c) => (
        <td key={c.id} className={`console-table__col-${c.id} console-table__${c.field?.kind ?? c.id}`} data-label={c.label}>
          <RowCell column={c} item={item} list={list} now={now} name={name} whatsapp={whatsapp} onReach={onReach} onStatus={onStatus} />
        </td>
      ))}
    </tr>
  );
}

export function LeadTable(props: TableProps) {
  const { list, columns, items, busy, sort, onSort, selected, onSelectPage } = props;
  const now = useNow(60_000);
  const whatsapp = useTemplates('whatsapp');
  const rows = useRowKeys(items.length);
  const allOnPage = items.length > 0 && items.every((i) => selected.has(i._id));
  return (
    <div className="console-table-wrap">
      <table className="console-table" aria-busy={busy} aria-describedby="console-table-help" data-columns={columns.length}>
        <caption className="visually-hidden">
          {list.title}.{' '}
          <span id="console-table-help">
            Use the arrow keys or j and k to move between rows and Enter to open one; a column's header sorts by it.
          </span>
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
            {columns.map((c) => (
              <SortHeader key={c.id} column={c} sort={sort} onSort={onSort} />
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((item, index) => (
            <Row key={item._id} item={item} index={index} now={now} rows={rows} whatsapp={whatsapp} {...props} />
          ))}
        </tbody>
      </table>
      <p className="visually-hidden" aria-live="polite">
        {busy ? 'Loading' : ''}
      </p>
    </div>
  );
}
