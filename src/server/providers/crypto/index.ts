import type { Config } from '#server/config';
import type { Db } from '#server/db/connect';
import type { CryptoPaymentProvider } from './crypto-provider';
import { createDemoCrypto } from './demo-crypto';
import { createNowPayments } from './nowpayments';

export * from './crypto-provider';
export { isDemoCrypto, type DemoCryptoProvider, type DemoSimulatedStatus } from './demo-crypto';
export { isValidIpnSignature, signIpnBody } from './ipn-signature';

/** NOWPayments when NOWPAYMENTS_API_KEY is set (config requires its IPN secret then), the demo otherwise. */
export function selectCryptoProvider(config: Config, db: Db): CryptoPaymentProvider {
  return config.NOWPAYMENTS_API_KEY
    ? createNowPayments({ apiUrl: config.NOWPAYMENTS_API_URL, apiKey: config.NOWPAYMENTS_API_KEY })
    : createDemoCrypto(db);
}
