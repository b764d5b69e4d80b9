import { Link, useLocation, useNavigate } from 'react-router-dom';
import { t } from '../../i18n/index.ts';
import { tRich } from '../../i18n/Rich.tsx';
import { afterLoginPath, readGuardState } from '../../lib/access.ts';
import { usePageTitle } from '../../lib/hooks.ts';
import { restorePendingCart } from '../../stores/cart.ts';
import { peekPendingCart } from '../../stores/pendingCart.ts';
import { useSessionStore } from '../../stores/session.ts';
import { LoginForm } from './LoginForm.tsx';
import './auth.css';

/** /login. A logged-in user is sent to / by the route guard, unless an admin page sent them here. */
export const Login = () => {
  usePageTitle(t('Login'));
  const navigate = useNavigate();
  const location = useLocation();
  const user = useSessionStore((s) => s.user);
  const { reason } = readGuardState(location.state);
  // A visitor sent here by Add to Cart or Buy Now: their choice waits in this tab (stores/pendingCart.ts).
  const pending = user ? null : peekPendingCart();

  return (
    <section className="auth-page">
      <div className="auth-card">
        <p className="eyebrow">{t('Members')}</p>
        <h1>{t('Login')}</h1>
        {user && reason === 'admin-only' ? (
          <div className="form-alert form-alert--warn" role="status">
            <p>
              {tRich(
                'That page is for admins only. You are logged in as <who>{name}</who>. Log in with an admin account to open it.',
                { who: (w) => <strong translate="no">{w}</strong> },
                { name: user.name },
              )}
            </p>
            <Link to="/" className="btn btn-ghost btn-sm">
              {t('Back to home')}
            </Link>
          </div>
        ) : (
          <p className="muted">{t('Log in to pre-book deal rooms, bid live and shop with your Reward Cash.')}</p>
        )}
        {!user && reason === 'login-required' && (
          <p className="form-alert form-alert--info" role="status" data-testid="login-reason">
            {pending
              ? pending.productName
                ? tRich(
                    'Please log in to add <item>{product}</item> to your cart. We have kept your choice.',
                    { item: (w) => <span translate="no">{w}</span> },
                    { product: pending.productName },
                  )
                : t('Please log in to add your item to your cart. We have kept your choice.')
              : t('Please log in to continue.')}
          </p>
        )}
        <LoginForm
          idPrefix="login"
          autoFocus
          // The kept item is in the cart before we go back, so the page (or checkout) shows it.
          onLoggedIn={() =>
            void restorePendingCart().finally(() => void navigate(afterLoginPath(location.state), { replace: true }))
          }
        />
      </div>
    </section>
  );
};
