import { useLocation } from 'react-router-dom';
import { whatsappUrl } from '../../config/site.ts';
import { IconWhatsApp } from '../Icons.tsx';
import { useChrome } from '../../i18n/LangContext.tsx';
import { pagePath } from '../../i18n/lang.ts';
import './footer.css';

/**
 * Where a test is taken: the personality test's routes (/personality/english-test,
 * /personality/hinglish-test, /personality/hindi-test) and a classroom session's page (/s/{code}), which shows the same
 * test. On a phone the test's Next and Submit buttons sit where the floating button floats,
 * and a student in the middle of the test has no use for a chat, so the button is not shown
 * there at all.
 */
// '/s/' is contract/sessions.ts's SESSION_ROUTE, written out: that module brings yup, kept off '/'.
const TEST_ROUTE_PREFIXES = ['/personality/', '/s/'];

/** Floating chat button: a WhatsApp chat with the business number, in a new tab. */
export function ChatButton() {
  const { pathname } = useLocation();
  const t = useChrome();
  if (TEST_ROUTE_PREFIXES.some((prefix) => pagePath(pathname).startsWith(prefix))) return null;
  return (
    <a className="chat-btn" href={whatsappUrl()} target="_blank" rel="noopener noreferrer" aria-label={t.chatWhatsApp}>
      <IconWhatsApp />
    </a>
  );
}
