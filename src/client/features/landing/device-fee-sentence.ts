import type { ReactNode } from 'react';
import type { CurrencyCode } from '#domain/currencies';
import { extraDeviceFeeText } from '../../lib/price-text';
import { messageParts } from '../../lib/message-parts';

/**
 * A landing sentence that names the fee of each device past the first ("extra devices $5.99
 * each"), in the buyer's currency as the packages beside it are (decision 0114). Placed by
 * messageParts, not formatMessage: the landing page's first JavaScript carries no formatter.
 */
export const deviceFeeSentence = (key: string, currency: CurrencyCode): ReactNode[] => messageParts(key, { fee: extraDeviceFeeText(currency) });
