import { REQUIRED_ADDRESS_FIELDS } from '../../../../engine/roomRules.ts';
import { errorText, t } from '../../i18n/index.ts';
import { api, ApiError } from '../../lib/api.ts';
import type { PurchaseView } from '../../../../api/contract/rooms.ts';

/** Storefront §3 delivery address; all required except address_line2, landmark and platform. */
export type Address = {
  full_name: string;
  contact_number: string;
  pincode: string;
  address_line1: string;
  address_line2: string;
  landmark: string;
  city: string;
  state: string;
  address_type: 'home' | 'work' | 'other';
  platform: string;
};

/** The engine's own list, so the form asks for exactly what the server requires. */
export const REQUIRED: readonly (keyof Address)[] = REQUIRED_ADDRESS_FIELDS;

export const emptyAddress = (name = ''): Address => ({
  full_name: name,
  contact_number: '',
  pincode: '',
  address_line1: '',
  address_line2: '',
  landmark: '',
  city: '',
  state: 'Tamil Nadu',
  address_type: 'home',
  platform: 'web',
});

/** Field problems in words; empty when the address can be sent. */
export const addressProblems = (a: Address): Partial<Record<keyof Address, string>> => {
  const p: Partial<Record<keyof Address, string>> = {};
  for (const key of REQUIRED) if (!String(a[key]).trim()) p[key] = 'Required.';
  if (!p.contact_number && !/^[6-9]\d{9}$/.test(a.contact_number.trim()))
    p.contact_number = 'Enter a 10-digit mobile number.';
  if (!p.pincode && !/^\d{6}$/.test(a.pincode.trim())) p.pincode = 'Enter the 6-digit pincode.';
  return p;
};

/** The body the server takes: trimmed, optional fields left out when empty. */
export const addressBody = (a: Address): Record<string, string> =>
  Object.fromEntries(
    Object.entries(a)
      .map(([k, v]) => [k, String(v).trim()] as const)
      .filter(([k, v]) => v !== '' || REQUIRED.includes(k as keyof Address)),
  );

export type PurchaseRoom = PurchaseView['room'];
export type { PurchaseView };

export const PURCHASE_MESSAGES = {
  loginRequired: 'You must be logged in',
  notFound: 'Room not found',
  serverError: 'Server error',
  initiateFailed: 'Failed to initiate payment',
  initiateNetwork: 'Server error while initiating payment',
  expired: 'Purchase window expired',
  locked: 'You have already submitted this purchase',
} as const;

export const loadPurchase = async (code: string): Promise<PurchaseView> => {
  try {
    const view = await api<PurchaseView>(`/api/rooms/${encodeURIComponent(code)}/purchase`);
    if (!view?.success || !view.room) throw new Error(t(PURCHASE_MESSAGES.notFound));
    return view;
  } catch (error) {
    if (error instanceof ApiError) {
      throw new Error(
        error.code === 'NETWORK'
          ? t(PURCHASE_MESSAGES.serverError)
          : errorText(error.code, error.message, error.details) || t(PURCHASE_MESSAGES.notFound),
      );
    }
    throw error;
  }
};

/** Sends the address and resolves with the checkout page to open; rejects with the message to show. */
export const startPayment = async (code: string, address: Address): Promise<string> => {
  let body: { checkout_url?: string };
  try {
    body = await api<{ checkout_url?: string }>(`/api/rooms/${encodeURIComponent(code)}/purchase`, {
      body: addressBody(address),
    });
  } catch (error) {
    if (error instanceof ApiError && error.code !== 'NETWORK') {
      throw new Error(
        error.message && error.message !== 'Server error'
          ? errorText(error.code, error.message, error.details)
          : t(PURCHASE_MESSAGES.initiateFailed),
      );
    }
    throw new Error(t(PURCHASE_MESSAGES.initiateNetwork));
  }
  if (!body?.checkout_url) throw new Error(t(PURCHASE_MESSAGES.initiateFailed));
  return body.checkout_url;
};
