import { useEffect } from 'react';
import { t } from '../../i18n/index.ts';
import { CloseIcon } from '../../components/Icons.tsx';
import { LoginForm } from './LoginForm.tsx';

/** The landing's Login dialog (email, password). Escape, the close button or the backdrop close it. */
export const LoginModal = ({ onClose }: { onClose: () => void }) => {
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    document.body.classList.add('has-modal');
    return () => {
      window.removeEventListener('keydown', onKey);
      document.body.classList.remove('has-modal');
      opener?.focus?.();
    };
  }, [onClose]);

  return (
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        className="modal-card"
        role="dialog"
        aria-modal="true"
        aria-labelledby="login-modal-title"
        data-testid="login-modal"
      >
        <button type="button" className="modal-close" aria-label={t('Close')} onClick={onClose}>
          <CloseIcon size={20} />
        </button>
        <h2 id="login-modal-title">{t('Login')}</h2>
        <p className="muted">{t('Welcome back. Log in to your Vetri Deals account.')}</p>
        <LoginForm idPrefix="modal" autoFocus onLoggedIn={onClose} />
      </div>
    </div>
  );
};
