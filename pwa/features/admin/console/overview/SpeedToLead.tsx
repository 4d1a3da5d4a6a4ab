// The overview's desk figures for the last 30 days: speed to lead (median working minutes
// from arrival to first contact, and how many were contacted within the SLA) and each
// member's share, contacts, conversions and next steps overdue now.
import { Link } from 'react-router-dom';
import { durationText } from '../../../../../contract/working-hours.ts';
import type { OverviewResponse } from '../../../../../contract/overview.ts';
import { ConsoleTable } from '../common/ConsoleTable.tsx';
import { formatCount } from '../common/format.ts';

const percent = (n: number, of: number) => (of === 0 ? '–' : `${Math.round((n / of) * 100)}%`);
const minutes = (m: number | null) => (m === null ? '–' : durationText(m));

export function SpeedToLead({ data }: { data: Pick<OverviewResponse, 'speedToLead' | 'team'> }) {
  const s = data.speedToLead;
  return (
    <section aria-labelledby="speed-title" className="console-speed">
      <h2 id="speed-title">Speed to lead, last 30 days</h2>
      <ul className="console-totals" aria-label="Speed to lead">
        <li>
          <span className="console-totals__n">{minutes(s.medianMinutes)}</span> median to first contact (working hours)
        </li>
        <li>
          <span className="console-totals__n">{percent(s.withinSla, s.contacted)}</span> of {formatCount(s.contacted)} contacted within{' '}
          {s.slaMinutes} min
        </li>
        <li>
          <span className="console-totals__n">{formatCount(s.total - s.contacted)}</span> of {formatCount(s.total)} not contacted yet
        </li>
      </ul>
      {data.team.length > 0 && (
        <ConsoleTable
          headers={['Member', 'Assigned', 'Contacted', 'Converted', 'Overdue now', 'Median to first contact']}
          className="console-table--compact"
          caption="Each member's leads of the last 30 days"
          scrolls={false}
        >
          {data.team.map((m) => (
            <tr key={m.id}>
              <th scope="row">
                <Link to={`/admin/my-day?assignee=${encodeURIComponent(m.id)}`}>{m.name}</Link>
              </th>
              <td>{formatCount(m.assigned)}</td>
              <td>{formatCount(m.contacted)}</td>
              <td>{formatCount(m.converted)}</td>
              <td className={m.overdue > 0 ? 'is-overdue' : undefined}>{formatCount(m.overdue)}</td>
              <td>{minutes(m.medianFirstContactMinutes)}</td>
            </tr>
          ))}
        </ConsoleTable>
      )}
    </section>
  );
}
