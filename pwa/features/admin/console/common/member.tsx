// Who is using the console, and what their role lets them do (contract/desk.ts PERMISSIONS,
// the same table the server's guards enforce): the console shows only what they may use.
// The session holds the profile from the login; /me refreshes it once on start (a session
// saved before roles existed has none: until /me answers, nothing beyond reading is shown).
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ADMIN_PATHS, type AdminProfile } from '../../../../../contract/admin.ts';
import { can, type Permission, type Role } from '../../../../../contract/roles.ts';
import { DEFAULT_DESK_HOURS, type DeskHours } from '../../../../../contract/working-hours.ts';
import type { MemberPreferences } from '../../../../../contract/views.ts';
import { readSession, saveSession } from '../../session.ts';
import { adminRequest } from './request.ts';
import { useAdminData } from './use-admin-data.ts';

export interface ConsoleMember {
  id: string;
  name: string;
  email: string;
  role: Role | undefined;
  can(permission: Permission): boolean;
  /** Their console settings (columns per list), from /me; empty until it answers. */
  preferences: MemberPreferences;
  /** Saves settings on the server (and here at once); resolves false when the server refused. */
  savePreferences(patch: MemberPreferences): Promise<boolean>;
  /** The desk's working hours (from /me; the default until it answers): follow-ups are suggested inside them. */
  workingHours: DeskHours;
}

type PreferencesHandle = Pick<ConsoleMember, 'preferences' | 'savePreferences'>;

function memberOf(
  profile: AdminProfile | null,
  prefs: PreferencesHandle = NO_PREFERENCES,
  workingHours = DEFAULT_DESK_HOURS,
): ConsoleMember {
  const role = profile?.role;
  return {
    ...prefs,
    workingHours,
    id: profile?._id ?? '',
    name: profile?.name?.trim() || profile?.email || '',
    email: profile?.email ?? '',
    role,
    can: (permission) => (role ? can({ role }, permission) : false),
  };
}

const NO_PREFERENCES: PreferencesHandle = { preferences: {}, savePreferences: () => Promise.resolve(false) };
const Context = createContext<ConsoleMember>(memberOf(null));

type Me = { admin: AdminProfile; preferences?: MemberPreferences; workingHours?: DeskHours };

export function MemberProvider({ children }: { children: ReactNode }) {
  const [saved] = useState<AdminProfile | null>(() => readSession()?.admin ?? null);
  const [me] = useAdminData<Me>(ADMIN_PATHS.me, 'Could not load your profile');
  const fresh = me.state === 'ready' ? me.data : undefined;
  const profile = fresh?.admin ?? saved;
  const workingHours = fresh?.workingHours ?? DEFAULT_DESK_HOURS;
  const [preferences, setPreferences] = useState<MemberPreferences>({});
  useEffect(() => {
    if (!fresh) return;
    setPreferences(fresh.preferences ?? {});
    const session = readSession();
    if (session) saveSession({ ...session, admin: fresh.admin });
  }, [fresh]);
  const savePreferences = useCallback(async (patch: MemberPreferences) => {
    // Shown at once; the server's answer is the truth when it comes.
    setPreferences((p) => ({ ...p, columns: { ...p.columns, ...patch.columns } }));
    try {
      const { data } = await adminRequest<{ preferences?: MemberPreferences }>(ADMIN_PATHS.me, { method: 'PATCH', body: patch });
      if (data.preferences) setPreferences(data.preferences);
      return true;
    } catch {
      return false;
    }
  }, []);
  const member = useMemo(
    () => memberOf(profile, { preferences, savePreferences }, workingHours),
    [profile, preferences, savePreferences, workingHours],
  );
  return <Context.Provider value={member}>{children}</Context.Provider>;
}

export function useMember(): ConsoleMember {
  return useContext(Context);
}
