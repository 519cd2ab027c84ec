import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isValidIpnSignature, signIpnBody } from '../../src/server/providers/crypto/ipn-signature';

const SECRET = 'ipn-secret';
const hmac = (text: string) => createHmac('sha512', SECRET).update(text).digest('hex');

describe('NOWPayments IPN signature', () => {
  const body = { payment_status: 'finished', payment_id: 42, fee: { serviceFee: 0.1, currency: 'usdc' }, ids: [{ b: 1, a: 2 }], order_id: 'SP-1-000001' };
  const sortedJson = '{"fee":{"currency":"usdc","serviceFee":0.1},"ids":[{"a":2,"b":1}],"order_id":"SP-1-000001","payment_id":42,"payment_status":"finished"}';

  it('is the HMAC-SHA512, in hex, of the JSON body with every object’s keys sorted', () => {
    expect(signIpnBody(body, SECRET)).toBe(hmac(sortedJson));
  });

  it('accepts the right signature whatever the order of the keys received, in either case', () => {
    const reordered = { order_id: 'SP-1-000001', ids: [{ a: 2, b: 1 }], fee: { currency: 'usdc', serviceFee: 0.1 }, payment_id: 42, payment_status: 'finished' };
    expect(isValidIpnSignature(reordered, hmac(sortedJson), SECRET)).toBe(true);
    expect(isValidIpnSignature(reordered, hmac(sortedJson).toUpperCase(), SECRET)).toBe(true);
  });

  it('refuses a missing, malformed, truncated or foreign signature, and a changed body', () => {
    const good = hmac(sortedJson);
    expect(isValidIpnSignature(body, undefined, SECRET)).toBe(false);
    expect(isValidIpnSignature(body, '', SECRET)).toBe(false);
    expect(isValidIpnSignature(body, 'not hex at all', SECRET)).toBe(false);
    expect(isValidIpnSignature(body, good.slice(0, 64), SECRET)).toBe(false);
    expect(isValidIpnSignature(body, signIpnBody(body, 'other-secret'), SECRET)).toBe(false);
    expect(isValidIpnSignature({ ...body, payment_status: 'failed' }, good, SECRET)).toBe(false);
  });
});
