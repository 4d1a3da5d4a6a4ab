import { whatsappUrl } from '../../config/site.ts';
import { IconWhatsApp } from '../Icons.tsx';
import './footer.css';

/** Floating chat button: a WhatsApp chat with the business number, in a new tab. */
export function ChatButton() {
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
