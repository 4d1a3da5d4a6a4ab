import { Link } from '../../i18n/links.tsx';
import { useChrome } from '../../i18n/LangContext.tsx';
import { SITE } from '../../config/site.ts';
import { CATEGORY_LINKS, COMPANY_LINKS, POLICY_LINKS } from '../../content/navigation.ts';
import { IconInstagram, IconLinkedIn, IconMail, IconPhone, IconYouTube } from '../Icons.tsx';
import { useHydrated } from '../../hooks/useHydrated.ts';
import './footer.css';

/** The year the page is read in: the build's year in the prerendered HTML, the reader's once live. */
function useYear(): number {
  const hydrated = useHydrated();
  return hydrated ? new Date().getFullYear() : BUILD_YEAR;
}
// The same number in the prerendered HTML and the first client render (vite.config.ts), so
// hydration matches; the fallback serves builds without that definition (unit tests).
const BUILD_YEAR = Number(import.meta.env.VITE_BUILD_YEAR) || new Date().getFullYear();

export function Footer() {
  const year = useYear();
  const t = useChrome();
  return (
    <footer className="site-footer">
      <div className="container footer__grid">
        <div className="footer__brand">
          <Link to="/" className="nav__logo nav__logo--light">
            <img src="/images/logo.svg" alt="" width={40} height={40} loading="lazy" />
            <span>{t.siteName}</span>
          </Link>
          <p>{t.welcome}</p>
          <ul className="footer__contact">
            <li>
              <a href={SITE.phoneHref}>
                <IconPhone /> {SITE.phone}
              </a>
            </li>
            <li>
              <a href={`mailto:${SITE.email}`}>
                <IconMail /> {SITE.email}
              </a>
            </li>
          </ul>
        </div>
        <nav aria-labelledby="footer-company">
          <h2 id="footer-company">{t.footerCompany}</h2>
          <ul>
            {COMPANY_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{t[l.label]}</Link>
              </li>
            ))}
            {POLICY_LINKS.map((l) => (
              <li key={l.to} className="footer__policy-sm">
                <Link to={l.to}>{t[l.label]}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-categories">
          <h2 id="footer-categories">{t.footerCategories}</h2>
          <ul>
            {CATEGORY_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{t[l.label]}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2>{t.footerFollow}</h2>
          <ul className="footer__social">
            <li>
              <a href={SITE.social.linkedin} target="_blank" rel="noopener noreferrer" aria-label={t.onLinkedIn}>
                <IconLinkedIn />
              </a>
            </li>
            <li>
              <a href={SITE.social.youtube} target="_blank" rel="noopener noreferrer" aria-label={t.onYouTube}>
                <IconYouTube />
              </a>
            </li>
            <li>
              <a href={SITE.social.instagram} target="_blank" rel="noopener noreferrer" aria-label={t.onInstagram}>
                <IconInstagram />
              </a>
            </li>
          </ul>
        </div>
      </div>
      <div className="container footer__bottom">
        <p>
          © <span data-testid="copyright-year">{year}</span> {t.siteName}. {t.rightsReserved}
        </p>
        <ul className="footer__policy-lg" aria-label={t.footerPolicies}>
          {POLICY_LINKS.map((l) => (
            <li key={l.to}>
              <Link to={l.to}>{t[l.label]}</Link>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}
