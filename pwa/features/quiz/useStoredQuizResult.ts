import { useEffect, useState } from 'react';
import { loadQuizResult, subscribeQuizResult, type StoredQuizResult } from './quiz-storage.ts';

/** The stored result, kept current across tabs; null on the server and until the first read. */
export function useStoredQuizResult(): [StoredQuizResult | null, (value: StoredQuizResult | null) => void] {
  const [stored, setStored] = useState<StoredQuizResult | null>(null);
  useEffect(() => {
    const refresh = () => setStored(loadQuizResult());
    refresh();
    return subscribeQuizResult(refresh);
  }, []);
  return [stored, setStored];
}
