import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { readSession } from '../features/admin/session.ts';
import { isSignedUp } from '../lib/storage.ts';

/** Personality tests need the local signed-up flag (spec §4, §6). */
export function RequireSignedUp({ children }: { children: ReactNode }) {
  return isSignedUp() ? children : <Navigate to="/signup" replace />;
}

/** Admin routes need an admin token; it is not validated on the client (spec §6). */
export function RequireAdmin({ children }: { children: ReactNode }) {
  return readSession() ? children : <Navigate to="/admin-login" replace />;
}
