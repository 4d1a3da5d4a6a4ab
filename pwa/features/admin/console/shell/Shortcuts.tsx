// The console's keys, for those who work it all day: `/` search (HeaderSearch), `j`/`k` move
// (the list's rows), Enter open, `s` the status and `a` the owner of the lead in hand (the
// open panel's, or the focused row's), `?` this help. None fires while typing in a field.
import { useEffect, useState } from 'react';
import { Modal } from '../../../../components/Modal.tsx';

export const SHORTCUTS: ReadonlyArray<[string, string]> = [
  ['/', 'Search every list'],
  ['j / k', 'Next / previous lead in a list (or ↓ / ↑)'],
  ['Enter', 'Open the lead'],
  ['s', 'Change the status of the lead in hand'],
  ['a', 'Assign the lead in hand (or take it)'],
  ['Esc', 'Close the lead'],
  ['?', 'Show these keys'],
];

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && target.closest('input, textarea, select, [contenteditable="true"]') !== null;

/** The control for `s` or `a` of the lead in hand: in the open panel, or in the focused row. */
function focusControl(what: 'status' | 'assign'): boolean {
  const dialog = document.querySelector<HTMLElement>('dialog[open]');
  const row = document.activeElement?.closest('tr');
  const scope = dialog ?? row;
  if (!scope) return false;
  const selector =
    what === 'status' ? 'select[aria-label="Status"], select.status-select' : 'select[aria-label="Owner"], [data-shortcut="assign"]';
  const control = scope.querySelector<HTMLElement>(selector);
  if (control) {
    control.focus();
    return true;
  }
  // A row without the control (the owner is set in the panel): open the lead, then focus it there.
  const open = row?.querySelector<HTMLButtonElement>('.console-table__open');
  if (!dialog && open) {
    open.click();
    const started = performance.now();
    const seek = () => {
      const found = document.querySelector<HTMLElement>(`dialog[open] :is(${selector})`);
      if (found) found.focus();
      else if (performance.now() - started < 3000) requestAnimationFrame(seek);
    };
    requestAnimationFrame(seek);
    return true;
  }
  return false;
}

export function Shortcuts() {
  const [help, setHelp] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
      if (e.key === '?') {
        e.preventDefault();
        setHelp(true);
      } else if (e.key === 's' || e.key === 'a') {
        if (focusControl(e.key === 's' ? 'status' : 'assign')) e.preventDefault();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <Modal open={help} onClose={() => setHelp(false)} title="Keyboard shortcuts" className="shortcuts-help">
      <dl className="shortcuts">
        {SHORTCUTS.map(([key, what]) => (
          <div key={key}>
            <dt>
              <kbd>{key}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}
