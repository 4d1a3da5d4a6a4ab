// The password-reset email an admin gets from POST /api/admin/forgot-password
// (resources/admin.ts queues it with the reset row, in one transaction).
import { RESET_PASSWORD_ROUTE, RESET_TOKEN_MINUTES } from '../../contract/admin.ts';
import { escapeHtml } from '../lib/html.ts';

/** Where the email sends the admin: the PWA's reset page for this token. */
export function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl}${RESET_PASSWORD_ROUTE}/${token}`;
}

/** The email with a reset link: plain text and HTML, the admin's name escaped in the HTML. */
export function passwordResetEmail(publicUrl: string, name: string, token: string) {
  const link = resetLink(publicUrl, token);
  const text = [
    `Hello ${name},`,
    '',
    'Someone (hopefully you) asked to reset the admin password for this site.',
    `Open this link within ${RESET_TOKEN_MINUTES} minutes to choose a new password:`,
    '',
    link,
    '',
    'The link works once. If you did not ask for this, ignore this email: your password stays as it is.',
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(name)},</p>
<p>Someone (hopefully you) asked to reset the admin password for this site.
Open this link within ${RESET_TOKEN_MINUTES} minutes to choose a new password:</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p>The link works once. If you did not ask for this, ignore this email: your password stays as it is.</p>`;
  return { subject: 'Reset your admin password', text, html };
}
