import { Link } from 'react-router-dom';
import { t } from '../i18n/index.ts';
import { tRich } from '../i18n/Rich.tsx';
import { useSessionStore } from '../stores/session.ts';
import '../screens/auth/auth.css';

/**
 * Says a waitlisted member cannot pre-book, bid or join a league team until an admin grants access.
 * Renders nothing for visitors and for members with full access, so it can sit wherever those actions are.
 * `action` names what is blocked here, in English (it is translated here), e.g. "pre-book this deal".
 */
export const WaitlistNotice = ({ action, compact = false }: { action?: string; compact?: boolean }) => {
  const waitlisted = useSessionStore((s) => s.user?.access === 'waitlisted');
  if (!waitlisted) return null;
  return (
    <div
      className={compact ? 'waitlist-notice waitlist-notice--compact' : 'waitlist-notice'}
      role="note"
      data-testid="waitlist-notice"
    >
      <p className="waitlist-notice-title">{t('You’re on the waitlist')}</p>
      <p>
        {action ? `${t('You can’t {action} yet.', { action: t(action) })} ` : ''}
        {t(
          'Until an admin grants you full access you can browse and shop, but you cannot pre-book, bid or join a league team.',
        )}
        {!compact && (
          <>
            {' '}
            {tRich(
              'Got a referral code from a member? <support>Contact support</support> and we’ll review your account.',
              {
                support: (w) => <Link to="/contact">{w}</Link>,
              },
            )}
          </>
        )}
      </p>
    </div>
  );
};
