// /webinars: the upcoming free webinars, each with its registration form. The page is
// prerendered (its heading and text open offline from the precache); the list is fetched.
import { useState } from 'react';
import { WEBINAR_MESSAGES, type UpcomingWebinar } from '../../../contract/webinars.ts';
import { Meta } from '../../components/Meta.tsx';
import { fill } from '../../i18n/LangContext.tsx';
import { useLocalize } from '../../i18n/useFormWords.ts';
import { useUpcomingWebinars, type WebinarsState } from './useUpcomingWebinars.ts';
import { useWebinarsWords } from './useWebinarsWords.ts';
import { WebinarRegisterForm } from './WebinarRegisterForm.tsx';
import './webinars.css';

/** "Sat, 5 Dec, 6:30 pm": in India time, as the academy announces it. */
function whenText(startsAt: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'Asia/Kolkata',
  }).format(new Date(startsAt));
}

function WebinarCard({ webinar }: { webinar: UpcomingWebinar }) {
  const [open, setOpen] = useState(false);
  const w = useWebinarsWords();
  return (
    <li className="card webinar" data-testid="webinar">
      <h2 className="webinar__title">{webinar.title}</h2>
      <p className="webinar__when">
        <time dateTime={webinar.startsAt}>{whenText(webinar.startsAt, w.dateLocale)}</time> {w.whenAfter}
      </p>
      {open ? (
        <WebinarRegisterForm webinar={webinar} onDone={() => setOpen(false)} />
      ) : (
        <button type="button" className="btn" onClick={() => setOpen(true)} aria-label={fill(w.registerFor, { title: webinar.title })}>
          {w.register}
        </button>
      )}
    </li>
  );
}

function WebinarList({ loaded, retry }: { loaded: WebinarsState; retry: () => void }) {
  const w = useWebinarsWords();
  const localize = useLocalize();
  if (loaded.state === 'loading') return <p aria-busy="true">{w.loading}</p>;
  if (loaded.state === 'offline' || loaded.state === 'error')
    return (
      <div role="alert" className="webinars__notice">
        <p>{localize(loaded.state === 'offline' ? WEBINAR_MESSAGES.offline : WEBINAR_MESSAGES.loadFailed)}</p>
        <button type="button" className="btn btn--outline" onClick={retry}>
          {w.tryAgain}
        </button>
      </div>
    );
  if (loaded.webinars.length === 0) return <p className="webinars__notice">{localize(WEBINAR_MESSAGES.none)}</p>;
  return (
    <>
      {loaded.kept && (
        <p className="webinars__notice" role="status">
          {w.kept}
        </p>
      )}
      <ul className="webinars" aria-label={w.listLabel}>
        {loaded.webinars.map((w) => (
          <WebinarCard key={w._id} webinar={w} />
        ))}
      </ul>
    </>
  );
}

export default function WebinarsPage() {
  const [loaded, retry] = useUpcomingWebinars();
  const w = useWebinarsWords();
  return (
    <>
      <Meta title={w.title} description={w.description} />
      <section className="page-hero page-hero--compact">
        <div className="container">
          <p className="eyebrow">{w.eyebrow}</p>
          <h1>{w.heading}</h1>
          <p className="lead">{w.lead}</p>
        </div>
      </section>
      <section className="section">
        <div className="container">
          <WebinarList loaded={loaded} retry={retry} />
        </div>
      </section>
    </>
  );
}
