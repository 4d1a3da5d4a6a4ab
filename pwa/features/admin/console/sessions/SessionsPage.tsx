// Classroom sessions (trainers and admins): the sessions with their live counts, and a form
// for a new one, which opens its page (the QR code for the projector) once created.
import { Link, useNavigate } from 'react-router-dom';
import { SESSION_PATHS, type SessionCreated, type SessionCreateInput, type SessionsResponse } from '../../../../../contract/sessions.ts';
import { Meta } from '../../../../components/Meta.tsx';
import { useToast } from '../../../../components/Toast.tsx';
import { formatCount, formatDate } from '../common/format.ts';
import { adminRequest } from '../common/request.ts';
import { attempt, useAdminData } from '../common/use-admin-data.ts';
import { ConsoleTable } from '../common/ConsoleTable.tsx';
import { LoadState } from '../common/LoadState.tsx';
import { RelayKeys, RelayWaiting } from './RelayPanel.tsx';
import { SessionForm } from './SessionForm.tsx';

function SessionRows({ sessions }: { sessions: SessionsResponse['data'] }) {
  return (
    <ConsoleTable headers={['Date', 'Organisation', 'Code', 'Joined', 'Finished']} className="session-table" scrolls={false}>
      {sessions.map((s) => (
        <tr key={s.code}>
          <td>{formatDate(s.date)}</td>
          <td>
            <Link to={`/admin/sessions/${s.code}`}>{s.organisation}</Link>
            {s.city ? `, ${s.city}` : ''}
          </td>
          <td className="session-table__code">{s.code}</td>
          <td>
            {formatCount(s.joined)}
            {s.expected ? ` of ${formatCount(s.expected)}` : ''}
          </td>
          <td>{formatCount(s.finished)}</td>
        </tr>
      ))}
    </ConsoleTable>
  );
}

export default function SessionsPage() {
  const toast = useToast();
  const navigate = useNavigate();
  const [loaded, reload] = useAdminData<SessionsResponse>(SESSION_PATHS.admin, 'Could not load the sessions');
  const create = async (input: SessionCreateInput) => {
    const created = await attempt(
      () => adminRequest<SessionCreated>(SESSION_PATHS.admin, { method: 'POST', body: input }),
      (m) => toast.show(m, 'error'),
      'Could not create the session',
    );
    if (created) void navigate(`/admin/sessions/${created.code}`);
    return created !== undefined;
  };
  return (
    <section className="console-page" aria-labelledby="sessions-title">
      <Meta title="Sessions | Admin" description="Classroom sessions and their QR codes." robots="noindex" />
      <h1 id="sessions-title">Classroom sessions</h1>
      <p>A session puts a QR code on the projector; the class joins on their phones and takes the test, even with no internet.</p>
      <RelayWaiting />
      <SessionForm onCreate={create} />
      <LoadState
        loaded={loaded}
        onRetry={reload}
        loading="Loading sessions…"
        empty={(d) => d.data.length === 0 && 'No sessions yet. Create one above before the class.'}
      >
        {(d) => <SessionRows sessions={d.data} />}
      </LoadState>
      <RelayKeys />
    </section>
  );
}
