// A list's filters: a search that waits for typing to pause, a date range (IST), a status
// (spam only when asked for), a source, whose leads (mine, the pool, or a member's), a tag and the lowest score.
import { useCallback, useEffect, useId, useState } from 'react';
import { DESK_PATHS } from '../../../../../contract/desk.ts';
import type { TeamResponse } from '../../../../../contract/team.ts';
import { LEAD_STATUSES, type LeadListDef, type LeadStatus, type ListSlug } from '../../../../../contract/lead-kinds.ts';
import { useListChanges } from '../common/lead-events.tsx';
import { SOURCE_VALUE_MAX } from '../../../../../contract/lead-signals.ts';
import type { ListFilters } from './filters.ts';
import { formatCount, statusLabel } from '../common/format.ts';
import { useTagsInUse } from '../common/use-tags-in-use.ts';
import { useMember } from '../common/member.tsx';
import { useAdminData } from '../common/use-admin-data.ts';

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

/** Whose leads: everyone's the member may see, theirs, the pool, or (for those who see the team) one member's. */
function OwnerSelect({ value, onChange }: { value: string; onChange: (owner: string) => void }) {
  const member = useMember();
  const seesTeam = member.can('team.read');
  const [team] = useAdminData<TeamResponse>(seesTeam ? DESK_PATHS.team : null, 'Could not load the team');
  const others =
    team.state === 'ready' ? team.data.data.filter((m) => m.id !== member.id && (m.role === 'admin' || m.role === 'counsellor')) : [];
  return (
    <div className="console-field">
      <label htmlFor="filter-owner">Owner</label>
      <select id="filter-owner" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{member.role === 'counsellor' ? 'Mine and unassigned' : 'Anyone'}</option>
        {member.id && <option value={member.id}>Mine</option>}
        <option value="none">Unassigned</option>
        {others.map((m) => (
          <option key={m.id} value={m.id}>
            {m.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * A tag the leads have: the list's tags in use, most used first (the one in the URL kept even
 * if no lead has it now), asked again when leads of the list change (a tag given or taken
 * back there, by a member, a rule or a bulk change), not for every new lead.
 */
function TagSelect({ slug, value, onChange }: { slug: ListSlug; value: string; onChange: (tag: string) => void }) {
  const [known, reload] = useTagsInUse(slug);
  useListChanges(slug, (change) => {
    if (change.all || change.ids.size > 0) reload();
  });
  if (known.length === 0 && !value) return null;
  const tags = value && !known.some((t) => t.tag === value) ? [{ tag: value, leads: 0 }, ...known] : known;
  return (
    <div className="console-field">
      <label htmlFor="filter-tag">Tag</label>
      <select id="filter-tag" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Any tag</option>
        {tags.map((t) => (
          <option key={t.tag} value={t.tag}>
            {t.leads > 0 ? `${t.tag} (${formatCount(t.leads)})` : t.tag}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The lowest lead score shown, applied once typing pauses, and "highest first" (the sort a
 * phone has no column header for).
 */
function ScoreFilter({
  filters,
  setFilters,
}: {
  filters: ListFilters;
  setFilters: (patch: Partial<ListFilters>, options?: { replace?: boolean }) => void;
}) {
  const value = filters.minScore;
  const [text, setText] = useState(value);
  const settled = useDebounced(text, 350);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    const clean = /^(100|[1-9]?[0-9])$/.test(settled.trim()) ? String(Number(settled.trim())) : '';
    if (clean !== value) setFilters({ minScore: clean }, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a settled change filters
  }, [settled]);
  return (
    <>
      <div className="console-field console-field--score">
        <label htmlFor="filter-score">Score at least</label>
        <input
          id="filter-score"
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          step={1}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      <label className="console-check">
        <input
          type="checkbox"
          checked={filters.sort === '-score'}
          onChange={(e) => setFilters({ sort: e.target.checked ? '-score' : '' })}
        />{' '}
        Highest score first
      </label>
    </>
  );
}

type SetFilters = (patch: Partial<ListFilters>, options?: { replace?: boolean }) => void;

/**
 * The filters as the form shows them: a change shows at once, and the URL's own (the back
 * button, a link) replaces them when it changes. React Router moves the URL in a transition,
 * and a controlled box, select or date showed its old value until that transition ended: on
 * a slow phone, a tick on "Highest score first" stayed unticked for a moment after the tap.
 */
function useShownFilters(filters: ListFilters, setFilters: SetFilters): [ListFilters, SetFilters] {
  const [shown, setShown] = useState(filters);
  useEffect(() => setShown(filters), [filters]);
  const set = useCallback<SetFilters>(
    (patch, options) => {
      setShown((current) => ({ ...current, ...patch }));
      setFilters(patch, options);
    },
    [setFilters],
  );
  return [shown, set];
}

export function FilterForm({
  list,
  filters: fromUrl,
  setFilters: setUrl,
}: {
  list: LeadListDef;
  filters: ListFilters;
  setFilters: SetFilters;
}) {
  const [filters, setFilters] = useShownFilters(fromUrl, setUrl);
  const filtered = Boolean(
    filters.q || filters.from || filters.to || filters.status || filters.source || filters.owner || filters.minScore || filters.tag,
  );
  return (
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
      <OwnerSelect value={filters.owner} onChange={(owner) => setFilters({ owner })} />
      <SearchBox
        label="Source (utm_source)"
        value={filters.source}
        maxLength={SOURCE_VALUE_MAX}
        onSearch={(source) => setFilters({ source }, { replace: true })}
      />
      <TagSelect slug={list.slug as ListSlug} value={filters.tag} onChange={(tag) => setFilters({ tag })} />
      <ScoreFilter filters={filters} setFilters={setFilters} />
      {filtered && (
        <button
          type="button"
          className="link-btn"
          onClick={() => setFilters({ q: '', from: '', to: '', status: '', source: '', owner: '', minScore: '', tag: '' })}
        >
          Clear filters
        </button>
      )}
    </form>
  );
}
