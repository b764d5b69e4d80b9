import { t } from '../i18n/index.ts';

/** Shown while a screen's code or data is loading. */
export const PageLoading = ({ label }: { label?: string }) => (
  <div className="page-loading" role="status" aria-live="polite">
    <span className="spinner" aria-hidden="true" />
    <span>{label ?? t('Loading…')}</span>
  </div>
);
