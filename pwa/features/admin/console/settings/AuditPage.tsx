// /admin/audit: the erasure log (GET /api/admin/audit). Who erased (an admin, or the person
// through their emailed link), which list, how many, when; never whose data it was.
import { ERASURE_PATHS, type AuditEntry, type AuditResponse } from '../../../../../contract/erasure.ts';
import { kindOfSlug, LEAD_KINDS } from '../../../../../contract/lead-kinds.ts';
import { Meta } from '../../../../components/Meta.tsx';
import { ConsoleTable } from '../common/ConsoleTable.tsx';
import { LoadState } from '../common/LoadState.tsx';
import { formatCount, formatDateTime } from '../common/format.ts';
import { serverOr, useAdminData } from '../common/use-admin-data.ts';

function listTitle(list: AuditEntry['list']): string {
  if (list === 'certificates') return 'Certificates (taken tests)';
  const kind = kindOfSlug(list);
  return kind ? LEAD_KINDS[kind].list.title : list;
}

export default function AuditPage() {
  const [loaded, reload] = useAdminData<AuditResponse>(`${ERASURE_PATHS.audit}?limit=200`, serverOr('Could not load the erasure log.'));
  return (
    <section aria-labelledby="console-title" className="console-list">
      <Meta title="Erasure log | Admin" description="Erasures of leads' data: who, which list, how many, when." robots="noindex" />
      <div className="console-list__head">
        <h1 id="console-title">Erasure log</h1>
      </div>
      <p className="muted">
        Every erasure, by an admin or by the person through their emailed link. The log holds no one's name, email or phone.
      </p>
      <LoadState loaded={loaded} onRetry={reload} empty={(d) => d.data.length === 0 && 'Nothing has been erased yet.'}>
        {({ data }) => (
          <ConsoleTable headers={['When', 'By', 'List', 'Leads erased']}>
            {data.map((e) => (
              <tr key={e._id}>
                <td>
                  <time dateTime={e.at}>{formatDateTime(e.at)}</time>
                </td>
                <td>{e.actor === 'person' ? 'The person (their emailed link)' : e.by}</td>
                <td>{listTitle(e.list)}</td>
                <td>{formatCount(e.count)}</td>
              </tr>
            ))}
          </ConsoleTable>
        )}
      </LoadState>
    </section>
  );
}
