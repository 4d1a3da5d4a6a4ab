// Words for what was submitted, shown on the outbox page and in "delivered" notices: the
// lead registry's label for the path.
import { kindOfPath, LEAD_KINDS } from '../../../contract/lead-kinds.ts';

export function labelFor(path: string): string {
  const kind = kindOfPath(path);
  return kind ? LEAD_KINDS[kind].label : 'Submission';
}
