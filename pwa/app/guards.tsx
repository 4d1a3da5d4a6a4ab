import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { isSignedUp } from '../lib/storage.ts';
import { langOfPath, pathIn } from '../i18n/lang.ts';

/**
 * Personality tests need the local signed-up flag (spec §4, §6). The test the visitor chose
 * goes to the sign-up with them (in history state, so the address stays /signup), and the
 * sign-up opens that test: a visitor who picked Hinglish is not handed the English one.
 */
export function RequireSignedUp({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return isSignedUp() ? children : <Navigate to={pathIn('/signup', langOfPath(pathname))} replace state={{ test: pathname }} />;
}
