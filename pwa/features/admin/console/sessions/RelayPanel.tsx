// The relay, on the Sessions page. On a relay (a trainer's laptop): what waits for the
// upstream, what has gone and what it refused. Upstream, for admins: the relay keys (made
// here, shown once, revocable) that let a laptop deliver its class's submissions.
import { useId, useState, type FormEvent } from 'react';
import { RELAY_PATHS, type RelayKey, type RelayKeyCreated, type RelayStatus } from '../../../../../contract/relay.ts';
import { useToast } from '../../../../components/Toast.tsx';
import { useMember } from '../common/member.tsx';
import { adminRequest } from '../common/request.ts';
import { relayStatusText } from './relay-status.ts';
import { attempt, useAdminData } from '../common/use-admin-data.ts';

export function RelayWaiting() {
  const [loaded] = useAdminData<RelayStatus>(RELAY_PATHS.status, 'Could not read the relay');
  const relay = loaded.state === 'ready' ? loaded.data : undefined;
  if (!relay?.relay) return null;
  return (
    <p className="relay-status" role="status" data-testid="relay-status">
      {relayStatusText(relay)}
    </p>
  );
}

function NewKey({ onMade }: { onMade: () => void }) {
  const id = useId();
  const toast = useToast();
  const [name, setName] = useState('');
  const [made, setMade] = useState<string | undefined>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = await attempt(
      () => adminRequest<RelayKeyCreated>(RELAY_PATHS.keys, { method: 'POST', body: { name } }),
      (m) => toast.show(m, 'error'),
      'Could not make the key',
    );
    if (!body) return;
    setMade(body.key);
    setName('');
    onMade();
  };
  return (
    <form className="session-form" onSubmit={(e) => void submit(e)} aria-label="New relay key">
      <div className="console-field">
        <label htmlFor={`${id}-name`}>Relay (trainer or laptop)</label>
        <input id={`${id}-name`} required maxLength={80} value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      <button type="submit" className="btn btn--small">
        Make a relay key
      </button>
      {made && (
        <p className="relay-key" data-testid="relay-key">
          Set <code>RELAY_KEY={made}</code> on the laptop. It is shown only now.
        </p>
      )}
    </form>
  );
}

export function RelayKeys() {
  const member = useMember();
  const toast = useToast();
  const [loaded, reload] = useAdminData<{ data: RelayKey[] }>(
    member.can('relays.manage') ? RELAY_PATHS.keys : null,
    'Could not load the relay keys',
  );
  if (!member.can('relays.manage')) return null;
  const revoke = async (key: RelayKey) => {
    await attempt(
      () => adminRequest(`${RELAY_PATHS.keys}/${key.id}`, { method: 'DELETE' }),
      (m) => toast.show(m, 'error'),
      'Could not revoke',
    );
    reload();
  };
  const keys = loaded.state === 'ready' ? loaded.data.data : [];
  return (
    <section aria-labelledby="relay-keys-title">
      <h2 id="relay-keys-title">Relay keys</h2>
      <p>A trainer&apos;s laptop running as a relay (with no internet in the hall) delivers its class&apos;s submissions with one.</p>
      <NewKey onMade={reload} />
      <ul className="relay-keys">
        {keys.map((k) => (
          <li key={k.id}>
            {k.name} · made {k.createdAt.slice(0, 10)}
            {k.lastUsedAt ? ` · last delivered ${k.lastUsedAt.slice(0, 16).replace('T', ' ')} UTC` : ''}
            {k.revokedAt ? (
              ' · revoked'
            ) : (
              <button type="button" className="btn btn--small btn--outline" onClick={() => void revoke(k)}>
                Revoke
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
