// The test's keyboard: 1-4 or A-D choose an option, as do the arrow keys (down/right to
// the next option, up/left to the previous). Radios keep their own arrow handling, and
// text fields keep every key.
import { useEffect } from 'react';
import { QUIZ_OPTION_LETTERS, type QuizOptionIndex } from '../../../contract/quiz/options.ts';

const ARROWS_NEXT = new Set(['ArrowDown', 'ArrowRight']);
const ARROWS_PREVIOUS = new Set(['ArrowUp', 'ArrowLeft']);

/** Which option a key chooses, given the current one; undefined when the key is not an answer key. */
export function optionForKey(key: string, current: QuizOptionIndex | undefined): QuizOptionIndex | undefined {
  if (/^[1-4]$/.test(key)) return (Number(key) - 1) as QuizOptionIndex;
  const letter = QUIZ_OPTION_LETTERS.indexOf(key.toUpperCase() as (typeof QUIZ_OPTION_LETTERS)[number]);
  if (key.length === 1 && letter >= 0) return letter as QuizOptionIndex;
  if (ARROWS_NEXT.has(key)) return (current === undefined ? 0 : Math.min(current + 1, 3)) as QuizOptionIndex;
  if (ARROWS_PREVIOUS.has(key)) return (current === undefined ? 3 : Math.max(current - 1, 0)) as QuizOptionIndex;
  return undefined;
}

/** While `enabled`, answer keys anywhere on the page call `choose` with their option. */
export function useAnswerKeys(enabled: boolean, current: QuizOptionIndex | undefined, choose: (option: QuizOptionIndex) => void): void {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      // Radios handle their own arrow keys (and fire onChange); text fields keep their keys.
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) {
        if (!(target instanceof HTMLInputElement && target.type === 'radio' && !event.key.startsWith('Arrow'))) return;
      }
      const option = optionForKey(event.key, current);
      if (option === undefined) return;
      event.preventDefault();
      choose(option);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled, current, choose]);
}
