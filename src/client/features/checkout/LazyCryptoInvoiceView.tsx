import { lazy } from 'react';

/**
 * The demo's renewal invoice (/checkout?invoice=) with its payment panel and the crypto
 * contract (zod), loaded only for that link: imported with the page, they made every
 * checkout download and run zod before the form showed (decision 0054).
 */
export const CryptoInvoiceView = lazy(() => import('./CryptoInvoiceView').then((module) => ({ default: module.CryptoInvoiceView })));
