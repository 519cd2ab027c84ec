/**
 * A card provider's decline code in the words a customer reads (the renewal emails and the
 * account's banner, decision 0045): Stripe's decline code, else its error code. Codes the
 * store does not know read as a plain refusal, never as the provider's jargon.
 */

/** The code of a renewal charge the store refused before asking the provider: its card is on the blocklist (decision 0101). */
export const STORE_REFUSED_CARD = 'store_refused';

const PLAIN_WORDS = new Map<string, string>(Object.entries({
  insufficient_funds: 'Your card has insufficient funds.',
  card_declined: 'Your card was declined.',
  generic_decline: 'Your card was declined.',
  do_not_honor: 'Your card was declined.',
  expired_card: 'Your card has expired.',
  incorrect_cvc: 'The security code (CVC) of your card is incorrect.',
  processing_error: 'An error occurred while processing your card.',
  authentication_required: 'Your bank asks you to confirm the payment.',
  [STORE_REFUSED_CARD]: 'We could not accept this card. Contact support.',
}));

const FALLBACK = 'Your bank did not accept the payment.';

export function declineInPlainWords(code: string | null): string {
  return (code !== null && PLAIN_WORDS.get(code)) || FALLBACK;
}
