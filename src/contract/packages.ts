import { z } from 'zod';

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
});
export type Package = z.infer<typeof packageSchema>;

export const packageListSchema = z.array(packageSchema);
