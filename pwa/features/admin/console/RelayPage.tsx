// /admin/relay: the classroom relay. On a trainer's laptop running as a relay, what waits to
// go upstream and how forwarding goes (refreshed every few seconds); on the main server,
// for admins, the keys relays deliver with (made here, shown once, revocable).
import { useEffect, useState, type FormEvent } from 'react';
import { RELAY_PATHS, type RelayKeyCreated, type RelayKeyView, type RelayStatus } from '../../../../contract/relay.ts';
import { Meta } from '../../../components/Meta.tsx';
import { ErrorNotice } from './controls.tsx';
import { formatCount, formatDateTime } from './format.ts';
import { useMember } from './member.tsx';
import { AdminRequestError, adminRequest } from './request.ts';

const STATUS_REFRESH_MS = 3_000;

const messageOf = (err: unknown, fallback: string) =>
  err instanceof AdminRequestError && err.serverMessage ? err.serverMessage : fallback;

/** The relay's status, read now and every few seconds while the page is open. */
function useRelayStatus() {
  const [status, setStatus] = useState<RelayStatus | undefined>();
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    const controller = new AbortController();
    const read = () =>
      adminRequest<RelayStatus>(RELAY_PATHS.status, { signal: controller.signal }).then(
        ({ data }) => {
          setStatus(data);
          setError(undefined);
        },
        (err: unknown) => {
          if (!controller.signal.aborted) setError(messageOf(err, 'Could not read the relay’s status.'));
        },
      );
    void read();
    const timer = window.setInterval(() => void read(), STATUS_REFRESH_MS);
    return () => {
      controller.abort();
      window.clearInterval(timer);
    };
  }, []);
  return { status, error };
}

function RelayStatusPanel({ status }: { status: Extract<RelayStatus, { relay: true }> }) {
  const healthy = status.lastError === null;
  return (
    <section aria-labelledby="relay-status-title" className="relay-status">
      <h2 id="relay-status-title">This laptop is a classroom relay</h2>
      <p>
        Phones submit here; each submission is kept on this laptop and sent on to <strong>{status.upstreamUrl}</strong> whenever it answers.
        Certificates are emailed from there once it has the answers.
      </p>
      <dl className="relay-status__figures" aria-live="polite">
        <div>
          <dt>Waiting to go upstream</dt>
          <dd data-testid="relay-waiting">{formatCount(status.waiting)}</dd>
        </div>
        <div>
          <dt>Delivered</dt>
          <dd data-testid="relay-forwarded">{formatCount(status.forwarded)}</dd>
        </div>
        <div>
          <dt>Refused upstream</dt>
          <dd>{formatCount(status.refused)}</dd>
        </div>
      </dl>
      {status.oldestWaitingAt && <p>Oldest waiting since {formatDateTime(status.oldestWaitingAt)}.</p>}
      {healthy ? (
        <p role="status">{status.lastSuccessAt ? `Last delivered ${formatDateTime(status.lastSuccessAt)}.` : 'Nothing delivered yet.'}</p>
      ) : (
        <p role="alert" className="relay-status__problem">
          The upstream is not taking submissions yet: {status.lastError}
          {status.nextAttemptAt && ` Next try ${formatDateTime(status.nextAttemptAt)}.`} Nothing is lost meanwhile.
        </p>
      )}
    </section>
  );
}

/** The keys, and making and revoking one. */
function useRelayKeys() {
  const [keys, setKeys] = useState<RelayKeyView[] | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [reload, setReload] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    adminRequest<RelayKeyView[]>(RELAY_PATHS.keys, { signal: controller.signal }).then(
      ({ data }) => setKeys(data),
      (err: unknown) => !controller.signal.aborted && setError(messageOf(err, 'Could not load the relay keys.')),
    );
    return () => controller.abort();
  }, [reload]);
  return { keys, error, refresh: () => setReload((n) => n + 1) };
}

function NewKeyForm({ onMade }: { onMade: (made: RelayKeyCreated) => void }) {
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    adminRequest<RelayKeyCreated>(RELAY_PATHS.keys, { method: 'POST', body: { name } })
      .then(({ data }) => {
        setName('');
        onMade(data);
      })
      .catch((err: unknown) => setError(messageOf(err, 'Could not make the key.')))
      .finally(() => setBusy(false));
  };
  return (
    <form onSubmit={submit} className="relay-keys__form" noValidate>
      <label>
        Name (whose laptop, which college)
        <input value={name} onChange={(e) => setName(e.target.value)} maxLength={80} required aria-invalid={error ? true : undefined} />
      </label>
      <button type="submit" disabled={busy}>
        {busy ? 'Making…' : 'Make a relay key'}
      </button>
      {error && <p role="alert">{error}</p>}
    </form>
  );
}

function MadeKey({ made }: { made: RelayKeyCreated }) {
  return (
    <div className="relay-keys__made" role="status">
      <p>
        The key for <strong>{made.name}</strong>, shown this once (only its fingerprint is kept). Start the laptop with it:
      </p>
      <pre data-testid="relay-key">
        RELAY_UPSTREAM_URL={window.location.origin} RELAY_KEY={made.key} npm start
      </pre>
    </div>
  );
}

function RelayKeysPanel() {
  const { keys, error, refresh } = useRelayKeys();
  const [made, setMade] = useState<RelayKeyCreated | undefined>();
  const [revokeError, setRevokeError] = useState<string | undefined>();
  const revoke = (key: RelayKeyView) => {
    if (!window.confirm(`Revoke "${key.name}"? The relay holding it can deliver nothing more.`)) return;
    adminRequest(RELAY_PATHS.key(key.id), { method: 'DELETE' }).then(refresh, (err: unknown) =>
      setRevokeError(messageOf(err, 'Could not revoke the key.')),
    );
  };
  return (
    <section aria-labelledby="relay-keys-title" className="relay-keys">
      <h2 id="relay-keys-title">Relay keys</h2>
      <p className="muted">
        A trainer’s laptop runs the site for a hall with no internet, and sends what the class submitted here when it can. Its key lets it
        deliver submissions and nothing else.
      </p>
      <NewKeyForm
        onMade={(key) => {
          setMade(key);
          refresh();
        }}
      />
      {made && <MadeKey made={made} />}
      {error && <ErrorNotice message={error} onRetry={refresh} />}
      {revokeError && <p role="alert">{revokeError}</p>}
      {keys && keys.length === 0 && <p className="console-empty">No relay keys yet.</p>}
      {keys && keys.length > 0 && (
        <table className="console-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Made</th>
              <th scope="col">Last used</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {keys.map((key) => (
              <tr key={key.id}>
                <td>{key.name}</td>
                <td>{formatDateTime(key.createdAt)}</td>
                <td>{key.lastUsedAt ? formatDateTime(key.lastUsedAt) : 'Never'}</td>
                <td>
                  {key.revokedAt ? (
                    `Revoked ${formatDateTime(key.revokedAt)}`
                  ) : (
                    <button type="button" onClick={() => revoke(key)}>
                      Revoke
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export default function RelayPage() {
  const member = useMember();
  const { status, error } = useRelayStatus();
  return (
    <section aria-labelledby="console-title" className="console-list">
      <Meta title="Classroom relay | Admin" description="The classroom relay and its keys." robots="noindex" />
      <div className="console-list__head">
        <h1 id="console-title">Classroom relay</h1>
      </div>
      {error && <p role="alert">{error}</p>}
      {!status && !error && <p aria-busy="true">Loading…</p>}
      {status?.relay && <RelayStatusPanel status={status} />}
      {status && !status.relay && member.can('relay.manage') && <RelayKeysPanel />}
      {status && !status.relay && !member.can('relay.manage') && (
        <p>This is the main server. To run a session with no internet, ask an admin for a relay key for your laptop.</p>
      )}
    </section>
  );
}
