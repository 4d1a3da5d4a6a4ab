import { useLocation } from 'react-router-dom';
import { whatsappUrl } from '../../config/site.ts';
import { IconWhatsApp } from '../Icons.tsx';
import './footer.css';

/**
 * The personality test's routes (/personality/english-test, /personality/hinglish-test,
 * /personality/hindi-test). On a
 * phone its Next and Submit buttons sit where the floating button floats, and a student in the
 * middle of the test has no use for a chat, so the button is not shown there at all.
 */
const TEST_ROUTE_PREFIX = '/personality/';

/** Floating chat button: a WhatsApp chat with the business number, in a new tab. */
export function ChatButton() {
  const { pathname } = useLocation();
  if (pathname.startsWith(TEST_ROUTE_PREFIX)) return null;
  return (
    <a
      className="chat-btn"
      href={whatsappUrl()}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Chat with us on WhatsApp (opens in a new tab)"
    >
      <IconWhatsApp />
    </a>
  );
}
