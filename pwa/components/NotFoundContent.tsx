import { Link } from '../i18n/links.tsx';
import { Meta } from './Meta.tsx';

export function NotFoundContent() {
  return (
    <>
      <Meta title="Page not found" description="The page you are looking for does not exist." robots="noindex" status={404} />
      <section className="page-hero not-found">
        <div className="container">
          <p className="eyebrow">Error 404</p>
          <h1>Page not found</h1>
          <p className="lead">We could not find that page. It may have moved, or the link may be mistyped.</p>
          <ul className="not-found__links">
            <li>
              <Link to="/" className="btn btn--accent">
                Go to the home page
              </Link>
            </li>
            <li>
              <Link to="/course/soft-skills" className="btn btn--outline">
                See the course
              </Link>
            </li>
            <li>
              <Link to="/contact" className="btn btn--outline">
                Contact us
              </Link>
            </li>
          </ul>
        </div>
      </section>
    </>
  );
}
