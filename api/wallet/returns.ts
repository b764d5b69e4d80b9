/**
 * A verified payment that nothing can take any more (a deal already paid for, an order that
 * expired, a deposit order already paid) goes into its payer's wallet, once: `returnPaymentToWallet`
 * lives with the deposits it is credited like.
 */
export { returnPaymentToWallet } from './deposits.ts';

/** Said to a member whose payment could not be taken (a deal already paid for, an order that expired). */
export const RETURNED_TO_WALLET_MESSAGE = 'The amount has been added to your wallet.';

/**
 * In an answer's details when its payment went to the wallet: the web client adds the sentence
 * above in the member's language (a translated code alone would leave it out).
 */
export const RETURNED_TO_WALLET = { returnedToWallet: true } as const;
