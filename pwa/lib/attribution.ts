// Where this visitor came from, kept on the device so that every submission (sent now or
// from the outbox days later) says so: the first landing ever (never overwritten) and the
// latest one that came from a campaign or another site (a plain reload or a typed address
// does not replace it). Read once per page load; the values are cleaned and capped by the
// same rules the server applies (contract/lead-signals.ts).
import { CAMPAIGN_PARAMS, cleanSource, type LeadSource, type SourceTouch } from '../../contract/lead-signals.ts';
import { readStoredJson, writeItem } from './storage.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

/** The touch a page load makes: its campaign parameters, an outside referrer, and the path. */
export function touchOf(url: URL, referrer: string): SourceTouch {
  const touch: SourceTouch = { landingPath: url.pathname };
  for (const key of CAMPAIGN_PARAMS) {
    const value = url.searchParams.get(key);
    if (value) touch[key] = value;
  }
  // Our own pages referring to each other say nothing of where the visitor came from.
  if (referrer) {
    try {
      if (new URL(referrer).origin !== url.origin) touch.referrer = referrer;
    } catch {
      /* not a URL: ignore */
    }
  }
  return touch;
}

/** True when a touch came from somewhere (a campaign, an ad click, another site). */
function fromSomewhere(touch: SourceTouch): boolean {
  return touch.referrer !== undefined || CAMPAIGN_PARAMS.some((k) => touch[k] !== undefined);
}

/** The stored record after a landing with this touch. */
export function afterLanding(stored: LeadSource | undefined, touch: SourceTouch): LeadSource {
  const first = stored?.first ?? touch;
  const last = !stored?.last || fromSomewhere(touch) ? touch : stored.last;
  return cleanSource({ first, last }) ?? {};
}

export function readSource(): LeadSource | undefined {
  return cleanSource(readStoredJson(STORAGE_KEYS.leadSource));
}

/** Called once at app start. */
export function recordLanding(location: Location, referrer: string): void {
  const next = afterLanding(readSource(), touchOf(new URL(location.href), referrer));
  writeItem(STORAGE_KEYS.leadSource, JSON.stringify(next));
}
