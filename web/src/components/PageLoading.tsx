/** Shown while a screen's code or data is loading. */
export const PageLoading = ({ label = 'Loading…' }: { label?: string }) => (
  <div className="page-loading" role="status" aria-live="polite">
    <span className="spinner" aria-hidden="true" />
    <span>{label}</span>
  </div>
);
