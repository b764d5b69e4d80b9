import { afterEach, describe, expect, it } from 'vitest';
import { errorText, setLang } from '../../web/src/i18n/index.ts';
import { errors } from '../../web/src/i18n/ta/errors.ts';

afterEach(() => setLang('en'));

describe('an answer whose payment went to the wallet, in Tamil', () => {
  it('says the payment is in the wallet, as the English does, for each such refusal', async () => {
    await setLang('ta');
    for (const code of [
      'PURCHASE_WINDOW_EXPIRED',
      'OFFER_PASSED',
      'ALREADY_PURCHASED',
      'ORDER_EXPIRED',
      'ORDER_ALREADY_PAID',
    ]) {
      expect(
        errorText(code, 'The English message. The amount has been added to your wallet.', { returnedToWallet: true }),
      ).toBe(`${errors[code]} தொகை உங்கள் வாலட்டில் சேர்க்கப்பட்டது.`);
      // The same refusal with no payment behind it says only what it is.
      expect(errorText(code, 'The English message.')).toBe(errors[code]);
    }
  });

  it('in English the server’s message already says it', () => {
    expect(
      errorText(
        'ORDER_EXPIRED',
        'This order expired before your payment arrived. The amount has been added to your wallet.',
        { returnedToWallet: true },
      ),
    ).toBe('This order expired before your payment arrived. The amount has been added to your wallet.');
  });
});
