import { useEffect, useEffectEvent, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { PaymentReturn } from '../stores/wallet.ts';
import { readPaymentReturn, stripPaymentParams } from '../stores/wallet.ts';

/**
 * For a page the checkout returns to (`?payment_success=…`): once per return address, takes the payment
 * parameters out of the address bar and calls `cancelled` or `paid`; on a plain visit calls `load`.
 * Runs again whenever `user` changes; does nothing while there is none.
 */
export const usePaymentReturn = (
  user: unknown,
  on: {
    load: () => void;
    cancelled: () => void;
    paid: (ret: Extract<PaymentReturn, { kind: 'paid' }>) => void;
  },
): void => {
  const location = useLocation();
  const navigate = useNavigate();
  const handled = useRef<string | null>(null);
  const handle = useEffectEvent((ret: PaymentReturn) => {
    if (ret.kind === 'none') on.load();
    else if (ret.kind === 'cancelled') on.cancelled();
    else on.paid(ret);
  });

  useEffect(() => {
    if (!user) return;
    const params = new URLSearchParams(location.search);
    const ret = readPaymentReturn(params);
    if (ret.kind === 'none') {
      handle(ret);
      return;
    }
    if (handled.current === location.search) return;
    handled.current = location.search;
    const rest = stripPaymentParams(params).toString();
    void navigate({ pathname: location.pathname, search: rest ? `?${rest}` : '' }, { replace: true });
    handle(ret);
  }, [user, location.search, location.pathname, navigate]);
};
