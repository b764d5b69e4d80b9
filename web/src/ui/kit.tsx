import { useEffect, useId, useRef, useState, type ReactNode, type SyntheticEvent } from 'react';
import { t } from '../i18n/index.ts';
import { serverNow } from '../lib/clock.ts';
import { useClockStore } from '../stores/clock.ts';
import { useRenderedNow } from '../ssr/boot.ts';
import './kit.css';

/**
 * The server's time (synced clock offset), re-read every `tickMs` while mounted. A prerendered
 * page hydrates at the time it was rendered (the same seconds in its timers), then ticks on.
 */
export const useServerNow = (tickMs = 1000): number => {
  const offset = useClockStore((s) => s.offsetMs);
  const renderedAt = useRenderedNow();
  const [now, setNow] = useState(() => renderedAt ?? serverNow());
  useEffect(() => {
    setNow(serverNow());
    const timer = setInterval(() => setNow(serverNow()), tickMs);
    return () => clearInterval(timer);
  }, [tickMs, offset]);
  return now;
};

/** The heading band of a member screen. */
export const ScreenHeader = ({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
}) => (
  <header className="vd-screen-head">
    <div className="container vd-screen-head-inner">
      <div>
        {eyebrow && <p className="eyebrow eyebrow--light">{eyebrow}</p>}
        <h1>{title}</h1>
        {lead && <p className="vd-screen-head-lead">{lead}</p>}
      </div>
      {children && <div className="vd-screen-head-aside">{children}</div>}
    </div>
  </header>
);

type Tone = 'info' | 'success' | 'error' | 'warning';

/** A message in the page: errors are announced at once, the rest politely. */
export const Notice = ({
  tone = 'info',
  children,
  onClose,
  testId,
}: {
  tone?: Tone;
  children: ReactNode;
  onClose?: () => void;
  testId?: string;
}) => (
  <div
    className={`vd-notice vd-notice--${tone}`}
    role={tone === 'error' || tone === 'warning' ? 'alert' : 'status'}
    data-testid={testId}
  >
    <div className="vd-notice-body">{children}</div>
    {onClose && (
      <button type="button" className="vd-notice-close" aria-label={t('Dismiss')} onClick={onClose}>
        ×
      </button>
    )}
  </div>
);

export const EmptyState = ({ title, children }: { title: string; children?: ReactNode }) => (
  <div className="vd-empty-state" role="status">
    <img src="/coming-soon.svg" alt="" width={88} height={88} />
    <p className="vd-empty-state-title">{title}</p>
    {children}
  </div>
);

export type TabItem<K extends string> = { key: K; label: string; count?: number };

/** Accessible tabs; arrow keys move between them. */
export const Tabs = <K extends string>({
  tabs,
  active,
  onChange,
  label,
  idBase,
}: {
  tabs: readonly TabItem<K>[];
  active: K;
  onChange: (key: K) => void;
  label: string;
  idBase: string;
}) => {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (index: number) => {
    const next = (index + tabs.length) % tabs.length;
    onChange(tabs[next]!.key);
    refs.current[next]?.focus();
  };
  return (
    <div className="vd-tabs" role="tablist" aria-label={label}>
      {tabs.map((tab, i) => (
        <button
          key={tab.key}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          role="tab"
          id={`${idBase}-tab-${tab.key}`}
          aria-controls={`${idBase}-panel`}
          aria-selected={tab.key === active}
          tabIndex={tab.key === active ? 0 : -1}
          className={`vd-tab${tab.key === active ? ' is-active' : ''}`}
          onClick={() => onChange(tab.key)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowRight') move(i + 1);
            if (e.key === 'ArrowLeft') move(i - 1);
          }}
        >
          {tab.label}
          {tab.count !== undefined && <span className="vd-tab-count">{tab.count}</span>}
        </button>
      ))}
    </div>
  );
};

/** A modal dialog: Escape, the scrim and the close button dismiss it; focus moves into it. */
export const Modal = ({
  title,
  onClose,
  children,
  footer,
  testId,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  testId?: string;
}) => {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    box.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      window.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      before?.focus?.();
    };
  }, [onClose]);
  return (
    <div className="vd-modal-scrim" onClick={onClose}>
      <div
        ref={box}
        className="vd-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid={testId}
        onClick={(e) => e.stopPropagation()}
      >
        <div className="vd-modal-head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="vd-modal-x" aria-label={t('Close')} onClick={onClose}>
            ×
          </button>
        </div>
        <div className="vd-modal-body">{children}</div>
        {footer && <div className="vd-modal-foot">{footer}</div>}
      </div>
    </div>
  );
};

/** A bottom sheet for phones (deal room leaderboards). */
export const Sheet = ({
  title,
  onClose,
  children,
  testId,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
}) => {
  const titleId = useId();
  const done = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    done.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="vd-sheet-scrim" onClick={onClose}>
      <div
        className="vd-sheet"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={testId}
        onClick={(e) => e.stopPropagation()}
      >
        <div className="vd-sheet-head">
          <h2 id={titleId}>{title}</h2>
          <button ref={done} type="button" className="btn btn-primary btn-sm" onClick={onClose}>
            {t('Done')}
          </button>
        </div>
        <div className="vd-sheet-body">{children}</div>
      </div>
    </div>
  );
};

export const DEFAULT_PRODUCT_IMAGE = '/products/default.svg';

/** A product picture that falls back to the default image when it cannot load. */
export const ProductImage = ({
  src,
  alt,
  className,
}: {
  src: string | null | undefined;
  alt: string;
  className?: string;
}) => (
  <img
    className={className}
    src={src || DEFAULT_PRODUCT_IMAGE}
    alt={alt}
    loading="lazy"
    onError={(e: SyntheticEvent<HTMLImageElement>) => {
      if (!e.currentTarget.src.endsWith(DEFAULT_PRODUCT_IMAGE)) e.currentTarget.src = DEFAULT_PRODUCT_IMAGE;
    }}
  />
);

/** A labelled value in a definition list. */
export const Fact = ({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) => (
  <div className="vd-fact">
    <dt>{label}</dt>
    <dd data-testid={testId}>{children}</dd>
  </div>
);

export type ToastMessage = { id: number; tone: Tone; text: string };

/** Short-lived messages (the spec's alerts) in a fixed region at the bottom of the screen. */
export const useToasts = () => {
  const [toasts, setToasts] = useState<ToastMessage[]>([]);
  const seq = useRef(0);
  const dismiss = (id: number) => setToasts((list) => list.filter((t) => t.id !== id));
  const show = (text: string, tone: Tone = 'info') => {
    const id = ++seq.current;
    setToasts((list) => [...list.slice(-2), { id, tone, text }]);
    setTimeout(() => dismiss(id), tone === 'error' || tone === 'warning' ? 8000 : 5000);
  };
  return { toasts, show, dismiss };
};

export const Toasts = ({ toasts, onDismiss }: { toasts: ToastMessage[]; onDismiss: (id: number) => void }) => (
  <div className="vd-toasts" data-testid="toasts">
    {toasts.map((t) => (
      <Notice key={t.id} tone={t.tone} onClose={() => onDismiss(t.id)} testId="toast">
        {t.text}
      </Notice>
    ))}
  </div>
);

/** A load that failed, in words, with a button that tries it again. */
export const RetryNotice = ({ message, onRetry }: { message: string; onRetry: () => void }) => (
  <Notice tone="error">
    <p>{message}</p>
    <button type="button" className="btn btn-ghost btn-sm" onClick={onRetry}>
      {t('Try again')}
    </button>
  </Notice>
);
