import { z } from 'zod';
import { SUPPORTED_CURRENCIES } from '#domain/currencies';

/** A decimal(10,2) amount as the API spells it: '15.99'. */
export const moneyText = z.string().regex(/^-?\d{1,8}\.\d{2}$/);

export const packageSchema = z.object({
  id: z.string(),
  name: z.string(),
  duration: z.string(),
  price: moneyText,
  cashback: moneyText,
  channels: z.string(),
  quality: z.string(),
  devices: z.number().int(),
  vod: z.string().nullable(),
  features: z.array(z.string()),
  popular: z.boolean(),
  requiresShipping: z.boolean(),
  /**
   * The currency of `price` (decision 0104): the server always names it; a cart stored
   * before currencies existed has none, and its prices are USD.
   */
  currency: z.enum(SUPPORTED_CURRENCIES).optional(),
});
export type Package = z.infer<typeof packageSchema>;

export const packageListSchema = z.array(packageSchema);
