// /admin/audit: the erasure log (GET /api/admin/audit). Who erased (an admin, or the person
// through their emailed link), which list, how many, when; never whose data it was.
import { useEffect, useState } from 'react';
import { ERASURE_PATHS, type AuditEntry, type AuditResponse } from '../../../../../contract/erasure.ts';
import { kindOfSlug, LEAD_KINDS } from '../../../../../contract/lead-kinds.ts';
import { Meta } from '../../../../components/Meta.tsx';
import { ErrorNotice } from '../common/controls.tsx';
import { formatCount, formatDateTime } from '../common/format.ts';
import { AdminRequestError, adminRequest } from '../common/request.ts';

type Loaded = { state: 'loading' } | { state: 'ready'; data: AuditEntry[] } | { state: 'error'; message: string };

function listTitle(list: AuditEntry['list']): string {
  if (list === 'certificates') return 'Certificates (taken tests)';
  const kind = kindOfSlug(list);
  return kind ? LEAD_KINDS[kind].list.title : list;
}

export default function AuditPage() {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [reload, setReload] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setLoaded({ state: 'loading' });
    adminRequest<AuditResponse>(`${ERASURE_PATHS.audit}?limit=200`, { signal: controller.signal }).then(
      ({ data }) => setLoaded({ state: 'ready', data: data.data }),
      (err: unknown) => {
        if (controller.signal.aborted) return;
        setLoaded({
          state: 'error',
          message: err instanceof AdminRequestError && err.serverMessage ? err.serverMessage : 'Could not load the erasure log.',
        });
      },
    );
    return () => controller.abort();
  }, [reload]);
  return (
    <section aria-labelledby="console-title" className="console-list">
      <Meta title="Erasure log | Admin" description="Erasures of leads' data: who, which list, how many, when." robots="noindex" />
      <div className="console-list__head">
        <h1 id="console-title">Erasure log</h1>
      </div>
      <p className="muted">
        Every erasure, by an admin or by the person through their emailed link. The log holds no one's name, email or phone.
      </p>
      {loaded.state === 'loading' && <p aria-busy="true">Loading…</p>}
      {loaded.state === 'error' && <ErrorNotice message={loaded.message} onRetry={() => setReload((n) => n + 1)} />}
      {loaded.state === 'ready' &&
        (loaded.data.length === 0 ? (
          <p className="console-empty" role="status">
            Nothing has been erased yet.
          </p>
        ) : (
          <div className="console-table-wrap">
            <table className="console-table">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">By</th>
                  <th scope="col">List</th>
                  <th scope="col">Leads erased</th>
                </tr>
              </thead>
              <tbody>
                {loaded.data.map((e) => (
                  <tr key={e._id}>
                    <td>
                      <time dateTime={e.at}>{formatDateTime(e.at)}</time>
                    </td>
                    <td>{e.actor === 'person' ? 'The person (their emailed link)' : e.by}</td>
                    <td>{listTitle(e.list)}</td>
                    <td>{formatCount(e.count)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
    </section>
  );
}
