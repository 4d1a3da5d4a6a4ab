// The console's live feed: one stream of server-sent events from GET /api/admin/events,
// read with fetch (so the token travels in the Authorization header, never in a URL),
// reconnected with a growing pause when it drops. Lists and the detail panel subscribe to
// refresh themselves; the sidebar counts the new leads of each list since the console opened
// (not those of the list on screen: they appear in it, so its count starts again at nothing).
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { CONSOLE_MESSAGES, CONSOLE_PATHS, type LeadEvent } from '../../../../../contract/console.ts';
import { LIST_SLUGS, type ListSlug } from '../../../../../contract/lead-kinds.ts';
import { endSession, readSession } from '../../session.ts';

type Listener = (event: LeadEvent) => void;

interface LeadEvents {
  /** New leads per list since the console was opened. */
  arrived: Record<ListSlug, number>;
  /** True while the stream is open. */
  live: boolean;
  subscribe(listener: Listener): () => void;
  /** The list on screen (undefined: none); its count resets and stays at nothing while it is. */
  setViewing(list: ListSlug | undefined): void;
}

const Context = createContext<LeadEvents>({
  arrived: Object.fromEntries(LIST_SLUGS.map((s) => [s, 0])) as Record<ListSlug, number>,
  live: false,
  subscribe: () => () => undefined,
  setViewing: () => undefined,
});

interface SseMessage {
  event: string;
  data: string;
}

/** Splits a text/event-stream into messages (comments and keep-alives dropped). */
export function parseSse(buffer: string): { messages: SseMessage[]; rest: string } {
  const messages: SseMessage[] = [];
  const blocks = buffer.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    if (data.length > 0 || event !== 'message') messages.push({ event, data: data.join('\n') });
  }
  return { messages, rest };
}

/** Reads the stream until it ends or `signal` aborts; resolves why it stopped. */
async function readStream(signal: AbortSignal, onMessage: (m: SseMessage) => void): Promise<'ended' | 'unauthorized' | 'failed'> {
  const session = readSession();
  if (!session) return 'unauthorized';
  let response: Response;
  try {
    response = await fetch(CONSOLE_PATHS.events, {
      headers: { Authorization: `Bearer ${session.token}`, Accept: 'text/event-stream' },
      signal,
    });
  } catch {
    return 'failed';
  }
  if (response.status === 401) return 'unauthorized';
  if (!response.ok || !response.body) return 'failed';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return 'ended';
      const parsed = parseSse(buffer + decoder.decode(value, { stream: true }));
      buffer = parsed.rest;
      for (const message of parsed.messages) onMessage(message);
    }
  } catch {
    return 'failed';
  }
}

export function LeadEventsProvider({ children }: { children: ReactNode }) {
  const listeners = useRef(new Set<Listener>());
  const [arrived, setArrived] = useState(() => Object.fromEntries(LIST_SLUGS.map((s) => [s, 0])) as Record<ListSlug, number>);
  const [live, setLive] = useState(false);
  const viewing = useRef<ListSlug | undefined>(undefined);

  useEffect(() => {
    const controller = new AbortController();
    let pause = 1_000;
    let timer: number | undefined;
    const run = async () => {
      const outcome = await readStream(controller.signal, (message) => {
        if (message.event === 'ready') {
          setLive(true);
          pause = 1_000;
          // Whatever happened while the stream was down: every view refreshes once.
          for (const slug of LIST_SLUGS) for (const l of listeners.current) l({ list: slug, type: 'updated', count: 0 });
        } else if (message.event === 'lead') {
          let event: LeadEvent;
          try {
            event = JSON.parse(message.data) as LeadEvent;
          } catch {
            return;
          }
          if (event.type === 'created' && event.list !== viewing.current)
            setArrived((a) => ({ ...a, [event.list]: (a[event.list] ?? 0) + event.count }));
          for (const l of listeners.current) l(event);
        } else if (message.event === 'session-ended') {
          endSession(CONSOLE_MESSAGES.sessionEnded);
        }
      });
      setLive(false);
      if (controller.signal.aborted) return;
      if (outcome === 'unauthorized') return endSession(CONSOLE_MESSAGES.sessionEnded);
      timer = window.setTimeout(() => void run(), pause);
      pause = Math.min(pause * 2, 30_000);
    };
    void run();
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, []);

  const subscribe = useCallback((listener: Listener) => {
    listeners.current.add(listener);
    return () => void listeners.current.delete(listener);
  }, []);
  const setViewing = useCallback((list: ListSlug | undefined) => {
    viewing.current = list;
    if (list) setArrived((a) => (a[list] === 0 ? a : { ...a, [list]: 0 }));
  }, []);
  const value = useMemo(() => ({ arrived, live, subscribe, setViewing }), [arrived, live, subscribe, setViewing]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useLeadEvents(): LeadEvents {
  return useContext(Context);
}

/** What changed in a list since the last call: new leads, and which leads changed (all, after a bulk change or a reconnect). */
export interface ListChange {
  created: number;
  ids: Set<string>;
  all: boolean;
}

/** Calls `onChange` (at most every 300 ms) when leads of `list` arrive or change. */
export function useListChanges(list: ListSlug | undefined, onChange: (change: ListChange) => void): void {
  const { subscribe } = useLeadEvents();
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    if (!list) return;
    let timer: number | undefined;
    let change: ListChange = { created: 0, ids: new Set(), all: false };
    const unsubscribe = subscribe((event) => {
      if (event.list !== list) return;
      if (event.type === 'created') change.created += event.count;
      else if (event.id) change.ids.add(event.id);
      else change.all = true;
      if (timer !== undefined) return;
      timer = window.setTimeout(() => {
        timer = undefined;
        const done = change;
        change = { created: 0, ids: new Set(), all: false };
        latest.current(done);
      }, 300);
    });
    return () => {
      unsubscribe();
      window.clearTimeout(timer);
    };
  }, [list, subscribe]);
}

/** Marks `list` as the one on screen while the calling component is mounted. */
export function useViewingList(list: ListSlug): void {
  const { setViewing } = useLeadEvents();
  useEffect(() => {
    setViewing(list);
    return () => setViewing(undefined);
  }, [list, setViewing]);
}
