import { lazy } from 'react';
import { preloadMessages } from '../../lib/i18n';

/**
 * The demo's renewal invoice (/checkout?invoice=) with its payment panel and the crypto
 * contract (zod), loaded only for that link: imported with the page, they made every
 * checkout download and run zod before the form showed (decision 0054). Its words come
 * beside its code (decision 0106).
 */
export const CryptoInvoiceView = lazy(() =>
  Promise.all([import('./CryptoInvoiceView'), preloadMessages('payment')]).then(([module]) => ({ default: module.CryptoInvoiceView })),
);
