// What the Sessions page says about a relay: what waits, what has gone, what the upstream
// refused, and why the waiting ones are not going (a revoked key says so here, not nowhere).
import type { RelayStatus } from '../../../../../contract/relay.ts';
import { formatCount } from '../common/format.ts';

export function relayStatusText(relay: RelayStatus): string {
  const refused = relay.failed > 0 ? `, ${formatCount(relay.failed)} refused (${relay.lastError ?? 'no reason given'})` : '';
  const held = relay.waiting > 0 && relay.waitingReason ? ` Not going yet: ${relay.waitingReason}.` : '';
  return `This laptop is a relay to ${relay.upstream}: ${formatCount(relay.waiting)} waiting to go, ${formatCount(relay.forwarded)} delivered${refused}.${held}`;
}
