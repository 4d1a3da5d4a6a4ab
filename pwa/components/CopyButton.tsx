// Copies a short text (a booking reference) to the clipboard and says so beside itself.
// Where the Clipboard API is refused (a page that is not a secure context), it says to copy
// it by hand: the text stays on screen beside the button.
import { useState } from 'react';
import { useFormWords } from '../i18n/useFormWords.ts';

export function CopyButton({ text, label }: { text: string; label: string }) {
  const [said, setSaid] = useState<string>();
  const w = useFormWords();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setSaid(w.copied);
    } catch {
      setSaid(w.copyByHand);
    }
  };
  return (
    <>
      <button type="button" className="btn btn--small btn--outline copy-btn" onClick={() => void copy()}>
        {label}
      </button>
      <span role="status" className="copy-btn__said">
        {said}
      </span>
    </>
  );
}
