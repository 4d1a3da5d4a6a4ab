// "Download the report": the class report PDF as the server makes it.
import { SESSION_PATHS } from '../../../../../contract/sessions.ts';
import { downloadWithSession } from '../common/download.ts';

export function downloadReport(code: string): Promise<void> {
  return downloadWithSession(`${SESSION_PATHS.admin}/${code}/report.pdf`, `class-profile-${code}.pdf`);
}
