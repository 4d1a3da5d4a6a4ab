import { IconMail, IconPhone, IconPin } from '../../components/Icons.tsx';
import { Meta } from '../../components/Meta.tsx';
import { SITE } from '../../config/site.ts';
import { ContactForm } from './ContactForm.tsx';

export default function ContactPage() {
  return (
    <>
      <Meta
        title="Contact Us"
        description={`Call, email or message ${SITE.name} in New Delhi about courses, campus programmes and corporate training.`}
      />
      <section className="page-hero page-hero--compact">
        <div className="container">
          <p className="eyebrow">GET IN TOUCH</p>
          <h1>We would love to hear from you</h1>
          <p className="lead">
            Questions about a course, a campus programme or training for your team? Send us a message and we will reply within one working
            day.
          </p>
        </div>
      </section>
      <section className="section">
        <div className="container contact">
          <ContactForm />
          <aside className="contact__info" aria-label="Contact details">
            <div className="card contact__block">
              <IconPhone />
              <h2>Phone</h2>
              <a href={SITE.phoneHref}>{SITE.phone}</a>
            </div>
            <div className="card contact__block">
              <IconMail />
              <h2>Email</h2>
              <a href={`mailto:${SITE.email}`}>{SITE.email}</a>
            </div>
            <div className="card contact__block">
              <IconPin />
              <h2>Address</h2>
              <address>
                {SITE.address.line1}
                <br />
                {SITE.address.line2}
                <br />
                {SITE.address.country}
              </address>
            </div>
          </aside>
        </div>
      </section>
    </>
  );
}
