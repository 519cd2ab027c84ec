import type { Config } from '#server/config';
import type { Db } from '#server/db/connect';
import type { CryptoPaymentProvider } from './crypto-provider';
import { createDemoCrypto } from './demo-crypto';
import { createNowPayments } from './nowpayments';

export * from './crypto-provider';
export { isDemoCrypto, type DemoSimulatedStatus } from './demo-crypto';
export { signIpnBody } from './ipn-signature';
export { INVALID_IPN_SIGNATURE_MESSAGE } from './nowpayments-notice';

/** NOWPayments when NOWPAYMENTS_API_KEY is set (config requires its IPN secret then), the demo otherwise. */
export function selectCryptoProvider(config: Config, db: Db): CryptoPaymentProvider {
  const ipnSecret = config.NOWPAYMENTS_IPN_SECRET;
  return config.NOWPAYMENTS_API_KEY
    ? createNowPayments({ apiUrl: config.NOWPAYMENTS_API_URL, apiKey: config.NOWPAYMENTS_API_KEY, ipnSecret })
    : createDemoCrypto(db, { ipnSecret });
}
