import { describe, expect, it } from 'vitest';
import { InvalidNoticeError, NoticesNotAcceptedError, signIpnBody } from '../../src/server/providers/crypto/index';
import { createNowPayments } from '../../src/server/providers/crypto/nowpayments';
import { outcomeOf } from '../../src/server/providers/crypto/payment-statuses';

const SECRET = 'ipn-secret';
const provider = createNowPayments({ apiUrl: 'http://127.0.0.1:9', apiKey: 'key', ipnSecret: SECRET });
const ipn = {
  payment_id: 5077125051,
  payment_status: 'finished',
  order_id: 'SP-1-000001',
  price_amount: 15.99,
  pay_amount: '15.99',
  actually_paid: 15.99,
  pay_currency: 'usdc',
  pay_address: '0xabc',
  outcome_currency: 'usdc',
};
const signed = (body: object, secret = SECRET) => ({ 'x-nowpayments-sig': signIpnBody(body, secret) });

describe("NOWPayments' notices, read by the provider", () => {
  it('turns a signed IPN into a store notice, named by payment and status', () => {
    expect(provider.parseNotice(ipn, signed(ipn))).toEqual({
      id: 'nowpayments:5077125051:finished',
      payment: {
        paymentId: '5077125051',
        paymentStatus: 'finished',
        outcome: 'paid',
        orderId: 'SP-1-000001',
        priceAmountCents: 1599,
        payAmount: '15.99',
        payCurrency: 'usdc',
        payAddress: '0xabc',
        actuallyPaid: '15.99',
      },
    });
  });

  it('refuses a missing or wrong signature, and a signed body that is no notice', () => {
    expect(() => provider.parseNotice(ipn, {})).toThrow(new InvalidNoticeError('Invalid IPN signature'));
    expect(() => provider.parseNotice(ipn, signed(ipn, 'other-secret'))).toThrow(new InvalidNoticeError('Invalid IPN signature'));
    expect(() => provider.parseNotice({ ...ipn, payment_status: 'failed' }, signed(ipn))).toThrow(InvalidNoticeError);
    const noNotice = { hello: 'world' };
    expect(() => provider.parseNotice(noNotice, signed(noNotice))).toThrow(new InvalidNoticeError('Invalid IPN body'));
  });

  it('takes no notices without an IPN secret', () => {
    const unsigned = createNowPayments({ apiUrl: 'http://127.0.0.1:9', apiKey: 'key' });
    expect(() => unsigned.parseNotice(ipn, signed(ipn))).toThrow(NoticesNotAcceptedError);
  });

  it("says what each of NOWPayments' status words means for the order", () => {
    expect(outcomeOf('finished')).toBe('paid');
    expect(outcomeOf('partially_paid')).toBe('partially_paid');
    expect(outcomeOf('failed')).toBe('unpayable');
    expect(outcomeOf('expired')).toBe('unpayable');
    for (const word of ['waiting', 'confirming', 'confirmed', 'sending', 'refunded', 'something_new']) expect(outcomeOf(word)).toBe('no_change');
  });
});
