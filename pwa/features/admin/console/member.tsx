// Who is using the console, and what their role lets them do (contract/desk.ts PERMISSIONS,
// the same table the server's guards enforce): the console shows only what they may use.
// The session holds the profile from the login; /me refreshes it once on start (a session
// saved before roles existed has none: until /me answers, nothing beyond reading is shown).
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ADMIN_PATHS, type AdminProfile } from '../../../../contract/admin.ts';
import { can, type Permission, type Role } from '../../../../contract/desk.ts';
import { readSession, saveSession } from '../session.ts';
import { adminRequest } from './request.ts';

export interface ConsoleMember {
  id: string;
  name: string;
  email: string;
  role: Role | undefined;
  can(permission: Permission): boolean;
}

function memberOf(profile: AdminProfile | null): ConsoleMember {
  const role = profile?.role;
  return {
    id: profile?._id ?? '',
    name: profile?.name?.trim() || profile?.email || '',
    email: profile?.email ?? '',
    role,
    can: (permission) => (role ? can({ role }, permission) : false),
  };
}

const Context = createContext<ConsoleMember>(memberOf(null));

export function MemberProvider({ children }: { children: ReactNode }) {
  const [profile, setProfile] = useState<AdminProfile | null>(() => readSession()?.admin ?? null);
  useEffect(() => {
    const controller = new AbortController();
    adminRequest<{ admin: AdminProfile }>(ADMIN_PATHS.me, { signal: controller.signal }).then(
      ({ data }) => {
        setProfile(data.admin);
        const session = readSession();
        if (session) saveSession({ ...session, admin: data.admin });
      },
      () => undefined,
    );
    return () => controller.abort();
  }, []);
  const member = useMemo(() => memberOf(profile), [profile]);
  return <Context.Provider value={member}>{children}</Context.Provider>;
}

export function useMember(): ConsoleMember {
  return useContext(Context);
}

/** Where the console opens: a counsellor's day, a trainer's settings, everyone else's overview. */
export function homePath(role: Role | undefined): string {
  if (role === 'counsellor') return '/admin/my-day';
  return '/admin';
}
