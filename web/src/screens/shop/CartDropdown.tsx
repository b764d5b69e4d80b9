import { useDismissable } from '../../lib/hooks.ts';
import { Link } from 'react-router-dom';
import { plural, t } from '../../i18n/index.ts';
import { formatRupees } from '../../lib/format.ts';
import { removeFromCart, selectCartCount, selectCartTotal, setCartQuantity, useCartStore } from '../../stores/cart.ts';
import { useSessionStore } from '../../stores/session.ts';
import { CartIcon, ProductImage } from './parts.tsx';
import './shop.css';
import './header.css';

/**
 * Storefront §2 cart dropdown: −/+ per line (never below 1, never above stock), Remove, a total and
 * Checkout; "Cart is empty" when empty; the badge shows the total quantity. Members only.
 */
export const CartDropdown = () => {
  const user = useSessionStore((s) => s.user);
  const lines = useCartStore((s) => s.lines);
  const busy = useCartStore((s) => s.busy);
  const count = useCartStore(selectCartCount);
  const total = useCartStore(selectCartTotal);
  const { open, setOpen, ref } = useDismissable<HTMLDivElement>();

  if (!user) return null;
  return (
    <div className="cart-dropdown" ref={ref}>
      <button
        type="button"
        className="cart-toggle"
        aria-expanded={open}
        aria-haspopup="true"
        aria-label={plural(count, 'Cart, {n} item', 'Cart, {n} items')}
        data-testid="cart-toggle"
        onClick={() => setOpen((o) => !o)}
      >
        <CartIcon />
        {count > 0 && (
          <span className="cart-badge" data-testid="cart-badge">
            {count}
          </span>
        )}
      </button>
      {open && (
        <div className="cart-panel" role="region" aria-label={t('Cart')} data-testid="cart-panel">
          {lines.length === 0 ? (
            <p className="cart-empty">{t('Cart is empty')}</p>
          ) : (
            <>
              <ul className="cart-lines">
                {lines.map((line) => {
                  const waiting = busy.includes(line.product_id);
                  return (
                    <li key={line.product_id} className="cart-line">
                      <ProductImage src={line.image_url} alt="" className="cart-thumb" />
                      <div className="cart-line-main">
                        <Link
                          to={`/product/${encodeURIComponent(line.product_code)}`}
                          className="cart-line-name"
                          translate="no"
                        >
                          {line.name}
                        </Link>
                        <span className="muted">{formatRupees(line.price * line.quantity)}</span>
                        <div className="qty" aria-label={t('Quantity of {name}', { name: line.name })}>
                          <button
                            type="button"
                            aria-label={t('One less {name}', { name: line.name })}
                            disabled={waiting || line.quantity <= 1}
                            onClick={() => void setCartQuantity(line.product_id, line.quantity - 1)}
                          >
                            −
                          </button>
                          <output aria-live="polite">{line.quantity}</output>
                          <button
                            type="button"
                            aria-label={t('One more {name}', { name: line.name })}
                            disabled={waiting || line.quantity >= line.stock}
                            onClick={() => void setCartQuantity(line.product_id, line.quantity + 1)}
                          >
                            +
                          </button>
                        </div>
                      </div>
                      <button
                        type="button"
                        className="link-btn"
                        disabled={waiting}
                        onClick={() => void removeFromCart(line.product_id)}
                      >
                        {t('Remove')}
                      </button>
                    </li>
                  );
                })}
              </ul>
              <div className="cart-foot">
                <span>
                  {t('Total')} <strong data-testid="cart-total">{formatRupees(total)}</strong>
                </span>
                <Link to="/checkout" className="btn btn-primary btn-sm">
                  {t('Checkout')}
                </Link>
              </div>
            </>
          )}
        </div>
      )}
    </div>
  );
};
