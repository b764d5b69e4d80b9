import type { ReactNode, SVGProps } from 'react';
import { useEffect, useId, useRef } from 'react';
import { t } from '../../i18n/index.ts';
import { formatNumber, formatRupees } from '../../lib/format.ts';
import { DEFAULT_PRODUCT_IMAGE } from './shopApi.ts';

type IconProps = SVGProps<SVGSVGElement> & { size?: number };
const icon = (size: number, rest: SVGProps<SVGSVGElement>, path: ReactNode) => (
  <svg
    width={size}
    height={size}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    {...rest}
  >
    {path}
  </svg>
);

export const SearchIcon = ({ size = 20, ...rest }: IconProps) =>
  icon(
    size,
    rest,
    <>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </>,
  );
export const CartIcon = ({ size = 22, ...rest }: IconProps) =>
  icon(
    size,
    rest,
    <>
      <circle cx="9" cy="20" r="1.4" />
      <circle cx="18" cy="20" r="1.4" />
      <path d="M2.5 3.5h2.6l2.3 11.2a1.6 1.6 0 0 0 1.6 1.3h8.6a1.6 1.6 0 0 0 1.6-1.2L21 7.5H6.2" />
    </>,
  );
export const FilterIcon = ({ size = 18, ...rest }: IconProps) => icon(size, rest, <path d="M3 5h18M6 12h12M10 19h4" />);
export const SortIcon = ({ size = 18, ...rest }: IconProps) =>
  icon(size, rest, <path d="M7 4v16M3 8l4-4 4 4M17 20V4M13 16l4 4 4-4" />);

/** A 0–5 rating as five stars (half stars rounded to the nearest half). */
export const Stars = ({ rating, count, size = 16 }: { rating: number; count?: number; size?: number }) => {
  const halves = Math.round(rating * 2);
  const uid = `half${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <span
      className="stars"
      role="img"
      aria-label={
        count
          ? t('Rated {rating} out of 5 by {count} buyers', { rating: rating.toFixed(1), count: formatNumber(count) })
          : t('Rated {rating} out of 5', { rating: rating.toFixed(1) })
      }
    >
      {Array.from({ length: 5 }, (_, i) => {
        const fill = halves >= (i + 1) * 2 ? 'full' : halves === i * 2 + 1 ? 'half' : 'empty';
        return (
          <svg
            key={i}
            width={size}
            height={size}
            viewBox="0 0 24 24"
            aria-hidden="true"
            className={`star star--${fill}`}
          >
            <defs>
              <linearGradient id={`${uid}-${i}`}>
                <stop offset="50%" stopColor="currentColor" />
                <stop offset="50%" stopColor="transparent" />
              </linearGradient>
            </defs>
            <path
              d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z"
              fill={fill === 'full' ? 'currentColor' : fill === 'half' ? `url(#${uid}-${i})` : 'transparent'}
              stroke="currentColor"
              strokeWidth="1.4"
            />
          </svg>
        );
      })}
      {count !== undefined && <span className="stars-count">({formatNumber(count)})</span>}
    </span>
  );
};

/** A product image that falls back to the default image when it cannot be loaded. */
export const ProductImage = ({ src, alt, className }: { src: string; alt: string; className?: string }) => (
  <img
    src={src || DEFAULT_PRODUCT_IMAGE}
    alt={alt}
    // The alt text is a product's name: data, not words to translate.
    translate={alt ? 'no' : undefined}
    className={className}
    loading="lazy"
    onError={(event) => {
      const img = event.currentTarget;
      if (!img.src.endsWith(DEFAULT_PRODUCT_IMAGE)) img.src = DEFAULT_PRODUCT_IMAGE;
    }}
  />
);

/** Current price with the original price struck through (when higher) and the saving. */
export const PriceTag = ({
  price,
  original,
  size = 'md',
}: {
  price: number;
  original?: number;
  size?: 'sm' | 'md' | 'lg';
}) => {
  const off = original && original > price ? Math.round(((original - price) / original) * 100) : 0;
  return (
    <span className={`price price--${size}`}>
      <span className="price-now">{formatRupees(price, { whole: price % 100 === 0 })}</span>
      {off > 0 && (
        <>
          <s
            className="price-was"
            aria-label={t('Original price {price}', { price: formatRupees(original!, { whole: true }) })}
          >
            {formatRupees(original!, { whole: original! % 100 === 0 })}
          </s>
          <span className="price-off">{t('{off}% off', { off: formatNumber(off) })}</span>
        </>
      )}
    </span>
  );
};

/**
 * A modal built on <dialog>: Escape and the close button call `onClose`. `variant="sheet"` slides up
 * from the bottom (mobile filter and sort sheets).
 */
export const Modal = ({
  open,
  onClose,
  title,
  children,
  footer,
  variant = 'dialog',
  testId,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  variant?: 'dialog' | 'sheet' | 'wide';
  testId?: string;
}) => {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={`shop-modal shop-modal--${variant}`}
      aria-label={title}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
    >
      <div className="shop-modal-inner">
        <header className="shop-modal-head">
          <h2>{title}</h2>
          <button type="button" className="icon-btn" aria-label={t('Close')} onClick={onClose}>
            ×
          </button>
        </header>
        <div className="shop-modal-body">{children}</div>
        {footer && <footer className="shop-modal-foot">{footer}</footer>}
      </div>
    </dialog>
  );
};

/** A message in words: loading, empty or error (role=status / alert). */
export const Notice = ({ kind = 'info', children }: { kind?: 'info' | 'error' | 'empty'; children: ReactNode }) => (
  <div className={`shop-notice shop-notice--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
    {children}
  </div>
);

export const Spinner = ({ label }: { label: string }) => (
  <div className="shop-notice" role="status" aria-live="polite">
    <span className="spinner" aria-hidden="true" /> {label}
  </div>
);
