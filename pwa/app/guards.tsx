import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { isSignedUp } from '../lib/storage.ts';

/** Personality tests need the local signed-up flag (spec §4, §6). */
export function RequireSignedUp({ children }: { children: ReactNode }) {
  return isSignedUp() ? children : <Navigate to="/signup" replace />;
}
