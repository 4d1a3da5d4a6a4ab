import { IconMail, IconPhone, IconPin } from '../../components/Icons.tsx';
import { Meta } from '../../components/Meta.tsx';
import { SITE } from '../../config/site.ts';
import { CONTACT_EN, type ContactWords } from '../../content/contact.ts';
import { usePageContent } from '../../i18n/PageContent.tsx';
import { ContactForm } from './ContactForm.tsx';

export default function ContactPage() {
  const w = { ...CONTACT_EN, ...usePageContent<ContactWords>() };
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
        <div className="container contact">
          <ContactForm />
          <aside className="contact__info" aria-label={w.detailsLabel}>
            <div className="card contact__block">
              <IconPhone />
              <h2>{w.phone}</h2>
              <a href={SITE.phoneHref}>{SITE.phone}</a>
            </div>
            <div className="card contact__block">
              <IconMail />
              <h2>{w.email}</h2>
              <a href={`mailto:${SITE.email}`}>{SITE.email}</a>
            </div>
            <div className="card contact__block">
              <IconPin />
              <h2>{w.address}</h2>
              <address>
                {w.addressLines[0]}
                <br />
                {w.addressLines[1]}
                <br />
                {w.addressLines[2]}
              </address>
            </div>
          </aside>
        </div>
      </section>
    </>
  );
}
