import { describe, expect, it } from 'vitest';
import { declineInPlainWords } from '../../src/domain/decline-reasons';

describe('a declined card in plain words', () => {
  it.each([
    ['insufficient_funds', 'Your card has insufficient funds.'],
    ['card_declined', 'Your card was declined.'],
    ['generic_decline', 'Your card was declined.'],
    ['expired_card', 'Your card has expired.'],
    ['incorrect_cvc', 'The security code (CVC) of your card is incorrect.'],
    ['processing_error', 'An error occurred while processing your card.'],
  ])('says %s as "%s"', (code, words) => {
    expect(declineInPlainWords(code)).toBe(words);
  });

  it('says a code it does not know, or none, as a plain refusal', () => {
    expect(declineInPlainWords('pickup_card_stolen_xyz')).toBe('Your bank did not accept the payment.');
    expect(declineInPlainWords(null)).toBe('Your bank did not accept the payment.');
    // Not an inherited property of a plain object.
    expect(declineInPlainWords('constructor')).toBe('Your bank did not accept the payment.');
  });
});
