// The mailbox an address delivers to, for caps that must hold per person rather than per
// spelling: case does not matter, a "+tag" after the local part goes to the same mailbox
// (Gmail, Outlook, Fastmail, most hosts), and Gmail ignores dots in the local part
// (googlemail.com is gmail.com). Caps on mail we send (certificates, erasure links) count by
// this, so s+1@x, s+2@x… share one allowance.
const GMAIL = new Set(['gmail.com', 'googlemail.com']);

export function mailboxOf(address: string): string {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at <= 0) return lower;
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL.has(domain)) {
    domain = 'gmail.com';
    local = local.replaceAll('.', '') || local;
  }
  return `${local}@${domain}`;
}
