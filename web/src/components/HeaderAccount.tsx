import { Link } from 'react-router-dom';
import { t } from '../i18n/index.ts';
import { formatRupees } from '../lib/format.ts';
import { useSessionStore } from '../stores/session.ts';
import { AccountMenu } from './AccountMenu.tsx';
import '../screens/auth/auth.css';

/** Login and Register when logged out; Blog, Checkout, My Account, a member's balances and the avatar menu when logged in. */
export const HeaderAccount = ({ variant = 'bar' }: { variant?: 'bar' | 'menu' }) => {
  const status = useSessionStore((s) => s.status);
  const user = useSessionStore((s) => s.user);
  const wallet = useSessionStore((s) => s.cash);
  const reward = useSessionStore((s) => s.rewardCash);
  const offline = useSessionStore((s) => s.offline);

  if (status === 'loading') {
    return <span className="header-skeleton" aria-label={t('Checking your session')} role="status" />;
  }

  if (!user) {
    return (
      <div className={`header-account header-account--${variant}`}>
        <Link to="/login" className="btn btn-ghost btn-sm">
          {t('Login')}
        </Link>
        <Link to="/register" className="btn btn-primary btn-sm header-register">
          {t('Register')}
        </Link>
      </div>
    );
  }

  return (
    <div className={`header-account header-account--${variant}`} data-testid={`header-account-${variant}`}>
      <Link to="/blog" className="header-link">
        {t('Blog')}
      </Link>
      <Link to="/checkout" className="header-link">
        {t('Checkout')}
      </Link>
      {/* Only members hold money here: admins and auditors have no wallet to show. Never from a
          saved copy: offline (the session check unanswered), the balances are unknown. */}
      {user.role === 'member' && !offline && (
        <>
          <Link to="/wallet" className="balance-chip" title={t('Wallet balance')} data-testid="wallet-balance">
            {t('Wallet {amount}', { amount: formatRupees(wallet, { whole: true }) })}
          </Link>
          <span className="balance-chip balance-chip--reward" title={t('Reward cash')} data-testid="reward-balance">
            {t('Reward {amount}', { amount: formatRupees(reward, { whole: true }) })}
          </span>
        </>
      )}
      <Link to="/account" className="header-link header-my-account">
        {t('My Account')}
      </Link>
      <AccountMenu user={user} variant={variant} />
    </div>
  );
};
