// The header's search across every list the member may see (GET /api/admin/search?q=): a
// name, an email, or a phone typed any way (+91 98123 45678 finds 9812345678). Results come
// as the member types (a quarter second after the last key), newest first; Arrow keys move
// through them and Enter opens the lead in its list. `/` anywhere in the console focuses it.
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { listOf } from '../../../../../contract/lead-kinds.ts';
import { WORKSPACE_PATHS } from '../../../../../contract/workspace.ts';
import type { SearchHit, SearchResponse } from '../../../../../contract/search.ts';
import { formatDateTime } from '../common/format.ts';
import { serverOr, useAdminData } from '../common/use-admin-data.ts';

type Found = { state: 'idle' } | { state: 'loading' } | { state: 'ready'; hits: SearchHit[] } | { state: 'error'; message: string };

/** Hits for what the member typed, asked a quarter second after the last key (two letters at least). */
function useSearch(q: string): Found {
  const text = q.trim();
  const path = text.length < 2 ? null : `${WORKSPACE_PATHS.search}?q=${encodeURIComponent(text)}`;
  const [loaded] = useAdminData<SearchResponse>(path, serverOr('Could not search. Check the connection.'), { delayMs: 250 });
  return useMemo<Found>(() => {
    if (path === null) return { state: 'idle' };
    if (loaded.state === 'ready') return { state: 'ready', hits: loaded.data.data };
    return loaded.state === 'error' ? loaded : { state: 'loading' };
  }, [path, loaded]);
}

export const hitHref = (hit: Pick<SearchHit, 'list' | '_id'>) => `/admin/${hit.list}?open=${encodeURIComponent(hit._id)}`;

export function HeaderSearch() {
  const id = useId();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [q, setQ] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const found = useSearch(q);
  const hits = found.state === 'ready' ? found.hits : [];
  useEffect(() => setActive(0), [found]);

  // `/` focuses the search from anywhere in the console but a field being typed in.
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey) return;
      const target = e.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      e.preventDefault();
      input.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const go = (hit: SearchHit) => {
    setOpen(false);
    setQ('');
    void navigate(hitHref(hit));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Escape') {
      setOpen(false);
      return;
    }
    if (hits.length === 0) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      setActive((a) => (a + (e.key === 'ArrowDown' ? 1 : hits.length - 1)) % hits.length);
    } else if (e.key === 'Enter' && open) {
      e.preventDefault();
      go(hits[active]!);
    }
  };
  const showing = open && found.state !== 'idle';
  return (
    <div className="header-search" role="search">
      <label htmlFor={`${id}-q`} className="visually-hidden">
        Search every list by name, email or phone
      </label>
      <input
        ref={input}
        id={`${id}-q`}
        type="search"
        role="combobox"
        aria-expanded={showing}
        aria-controls={`${id}-results`}
        aria-autocomplete="list"
        aria-activedescendant={showing && hits[active] ? `${id}-hit-${active}` : undefined}
        placeholder="Search leads (press /)"
        autoComplete="off"
        maxLength={100}
        value={q}
        onChange={(e) => {
          setQ(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => window.setTimeout(() => setOpen(false), 150)}
        onKeyDown={onKeyDown}
      />
      <div className="header-search__results" hidden={!showing}>
        {found.state === 'loading' && <p className="muted">Searching…</p>}
        {found.state === 'error' && <p role="alert">{found.message}</p>}
        {found.state === 'ready' && hits.length === 0 && <p className="muted">No lead matches "{q.trim()}".</p>}
        <ul id={`${id}-results`} role="listbox" aria-label="Leads found">
          {hits.map((hit, i) => (
            // The keyboard chooses from the search box (Arrow keys, Enter), as a combobox does.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={`${hit.list}:${hit._id}`}
              id={`${id}-hit-${i}`}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'is-active' : undefined}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => go(hit)}
            >
              <strong>{hit.name || hit.email || hit.phone}</strong>
              <span className="muted">
                {' '}
                {listOf(hit.list).title} · {[hit.phone, hit.email].filter(Boolean).join(' · ')} · {formatDateTime(hit.createdAt)}
              </span>
            </li>
          ))}
        </ul>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {found.state === 'ready' ? `${hits.length} ${hits.length === 1 ? 'lead' : 'leads'} found` : ''}
      </p>
    </div>
  );
}
