import { Link, useLocation } from 'react-router-dom';
import { usePageTitle } from '../lib/hooks.ts';

/** Catch-all until the route guards arrive (they will redirect instead). */
export const NotFound = () => {
  usePageTitle('Page not found');
  const { pathname } = useLocation();
  return (
    <section className="container placeholder-page" data-testid="not-found">
      <div className="placeholder-card">
        <p className="big-code" aria-hidden="true">
          404
        </p>
        <h1>Page not found</h1>
        <p className="lead">
          We couldn’t find <code>{pathname}</code>. It may have moved, or the link may be mistyped.
        </p>
        <div className="button-row">
          <Link to="/" className="btn btn-primary">
            Go to home
          </Link>
          <Link to="/contact" className="btn btn-ghost">
            Contact support
          </Link>
        </div>
      </div>
    </section>
  );
};
