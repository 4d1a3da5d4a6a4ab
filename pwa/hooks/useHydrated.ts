import { useEffect, useState } from 'react';

/**
 * False in the prerendered HTML and during hydration, true once the page is live. Submit
 * buttons stay disabled until then: a native submit before the script runs would put the
 * fields (a password, even) in the URL.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
