import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { RouteAccess } from '../lib/access.ts';
import { afterLoginPath, decideAccess, readGuardState, unknownPathRedirect } from '../lib/access.ts';
import { useSessionStore } from '../stores/session.ts';
import { t } from '../i18n/index.ts';
import { PageLoading } from './PageLoading.tsx';

/** Shows `children` when the session may open this route, else redirects as `decideAccess` says. */
export const RequireAccess = ({ access, children }: { access: RouteAccess; children: ReactNode }) => {
  const status = useSessionStore((s) => s.status);
  const user = useSessionStore((s) => s.user);
  const location = useLocation();

  if (status === 'loading') return <PageLoading label={t('Checking your session…')} />;

  const decision = decideAccess(access, user, readGuardState(location.state).reason ?? null);
  if (decision.allow) return <>{children}</>;
  // A logged-in user on /login or /register: home, or back where a guard had sent them from.
  if (decision.redirect === '/') return <Navigate to={afterLoginPath(location.state)} replace />;
  const from = `${location.pathname}${location.search}`;
  return <Navigate to="/login" replace state={{ from, reason: decision.reason }} />;
};

/** The catch-all route: unknown paths go to / when logged in, else to /login. */
export const UnknownPath = () => {
  const user = useSessionStore((s) => s.user);
  return <Navigate to={unknownPathRedirect(user)} replace />;
};

/** Live auction spec §2: a loading screen until the session check at load completes. */
export const SessionGate = ({ children }: { children: ReactNode }) => {
  const status = useSessionStore((s) => s.status);
  if (status === 'loading') {
    return (
      <div className="session-splash" data-testid="session-loading">
        <img src="/logo.svg" alt="" width={56} height={56} />
        <PageLoading label={t('Checking your session…')} />
      </div>
    );
  }
  return <>{children}</>;
};
