import { useEffect, useRef } from 'react';
import { connectSocket } from '../../lib/socket.ts';

/**
 * Calls `onChange` with a product's code when an admin changes it (fields, stock, in or off the
 * shop), so an open shop page fetches it again instead of showing an old price or stock.
 */
export const useProductChanges = (onChange: (productCode: string) => void): void => {
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    const socket = connectSocket();
    const listener = (e: { product_code: string }) => latest.current(e.product_code);
    socket.on('productChanged', listener);
    return () => {
      socket.off('productChanged', listener);
    };
  }, []);
};
