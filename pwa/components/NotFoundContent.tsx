import { useChrome } from '../i18n/LangContext.tsx';
import { Link } from '../i18n/links.tsx';
import { Meta } from './Meta.tsx';

export function NotFoundContent() {
  const t = useChrome();
  return (
    <>
      <Meta title={t.notFoundTitle} description={t.notFoundDescription} robots="noindex" status={404} />
      <section className="page-hero not-found">
        <div className="container">
          <p className="eyebrow">{t.notFoundEyebrow}</p>
          <h1>{t.notFoundTitle}</h1>
          <p className="lead">{t.notFoundLead}</p>
          <ul className="not-found__links">
            <li>
              <Link to="/" className="btn btn--accent">
                {t.notFoundHome}
              </Link>
            </li>
            <li>
              <Link to="/course/soft-skills" className="btn btn--outline">
                {t.notFoundCourse}
              </Link>
            </li>
            <li>
              <Link to="/contact" className="btn btn--outline">
                {t.notFoundContact}
              </Link>
            </li>
          </ul>
        </div>
      </section>
    </>
  );
}
