// /webinars: the upcoming free webinars, each with its registration form. The page is
// prerendered (its heading and text open offline from the precache); the list is fetched.
import { useState } from 'react';
import { WEBINAR_MESSAGES, type UpcomingWebinar } from '../../../contract/webinars.ts';
import { Meta } from '../../components/Meta.tsx';
import { useUpcomingWebinars, type WebinarsState } from './useUpcomingWebinars.ts';
import { WebinarRegisterForm } from './WebinarRegisterForm.tsx';
import './webinars.css';

/** "Sat, 5 Dec, 6:30 pm": in India time, as the academy announces it. */
function whenText(startsAt: string): string {
  return new Intl.DateTimeFormat('en-IN', {
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
  return (
    <li className="card webinar" data-testid="webinar">
      <h2 className="webinar__title">{webinar.title}</h2>
      <p className="webinar__when">
        <time dateTime={webinar.startsAt}>{whenText(webinar.startsAt)}</time> IST · online, free
      </p>
      {open ? (
        <WebinarRegisterForm webinar={webinar} onDone={() => setOpen(false)} />
      ) : (
        <button type="button" className="btn" onClick={() => setOpen(true)} aria-label={`Register for ${webinar.title}`}>
          Register
        </button>
      )}
    </li>
  );
}

function WebinarList({ loaded, retry }: { loaded: WebinarsState; retry: () => void }) {
  if (loaded.state === 'loading') return <p aria-busy="true">Loading the webinars…</p>;
  if (loaded.state === 'offline' || loaded.state === 'error')
    return (
      <div role="alert" className="webinars__notice">
        <p>{loaded.state === 'offline' ? WEBINAR_MESSAGES.offline : WEBINAR_MESSAGES.loadFailed}</p>
        <button type="button" className="btn btn--outline" onClick={retry}>
          Try again
        </button>
      </div>
    );
  if (loaded.webinars.length === 0) return <p className="webinars__notice">{WEBINAR_MESSAGES.none}</p>;
  return (
    <>
      {loaded.kept && (
        <p className="webinars__notice" role="status">
          You are offline: this is the list from your last visit. A registration is saved on this device and sent when you are back online.
        </p>
      )}
      <ul className="webinars" aria-label="Upcoming webinars">
        {loaded.webinars.map((w) => (
          <WebinarCard key={w._id} webinar={w} />
        ))}
      </ul>
    </>
  );
}

export default function WebinarsPage() {
  const [loaded, retry] = useUpcomingWebinars();
  return (
    <>
      <Meta
        title="Free Webinars"
        description="Free live webinars on communication, interviews and confidence: register and get the joining link by email."
      />
      <section className="page-hero page-hero--compact">
        <div className="container">
          <p className="eyebrow">FREE WEBINARS</p>
          <h1>Learn live with our trainers</h1>
          <p className="lead">Register for a webinar and we will email you the joining link, and remind you an hour before it starts.</p>
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
