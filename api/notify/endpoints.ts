// Which push endpoints a subscription may name. The server will POST to whatever a
// subscription says, so only the push services' own hosts are accepted (and those an
// operator adds in PUSH_ENDPOINT_HOSTS): nobody can make the server call an address of
// their choosing. https only, no credentials in the URL, and the known services on their
// standard port.
import type { PushConfig } from '../config/push.ts';

/** The browsers' push services: Chrome, Edge's Chromium and Android (FCM), Firefox, Safari, Windows. */
export const KNOWN_PUSH_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  'web.push.apple.com',
  '*.notify.windows.com',
];

export const ENDPOINT_MAX_LENGTH = 2048;

function hostMatches(pattern: string, host: string): boolean {
  if (pattern.startsWith('*.')) {
    const suffix = pattern.slice(1);
    return host.endsWith(suffix) && host.length > suffix.length;
  }
  return host === pattern;
}

/** True when `endpoint` is an https URL on a push service's host (known, or configured). */
export function isAllowedEndpoint(endpoint: string, config: Pick<PushConfig, 'extraHosts'>): boolean {
  if (endpoint.length > ENDPOINT_MAX_LENGTH) return false;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  if (config.extraHosts.some((pattern) => hostMatches(pattern, host))) return true;
  return url.port === '' && KNOWN_PUSH_HOSTS.some((pattern) => hostMatches(pattern, host));
}
