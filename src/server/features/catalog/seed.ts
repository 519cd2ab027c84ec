import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { FREE_PRICE, STREAMING_BOX_ID, TRIAL_CART_PACKAGE, TRIAL_PACKAGE_ID } from '#domain/catalog';
import type { Db, DbOrTx } from '#server/db/connect';
import { packagePrices, packages } from './schema';

type NewPackage = typeof packages.$inferInsert;
type PricedDuration = keyof typeof SEED_PRICES;

/**
 * Each paid package's own price in EUR, GBP and BRL (decision 0104), set to end in .99 as
 * an owner would, so that the demo's currency switcher works with no setting made.
 */
const SEED_PRICES = {
  '1 Month': { EUR: '14.99', GBP: '12.99', BRL: '79.99' },
  '3 Months': { EUR: '36.99', GBP: '31.99', BRL: '199.99' },
  '6 Months': { EUR: '64.99', GBP: '54.99', BRL: '349.99' },
  '12 Months': { EUR: '109.99', GBP: '94.99', BRL: '599.99' },
  box: { EUR: '139.99', GBP: '119.99', BRL: '749.99' },
} as const;

const paidFeatures = (months: string) => [
  '18,000+ live channels',
  '4K Ultra HD & FHD streams',
  '100,000+ movies & series (VOD)',
  'Electronic program guide (EPG)',
  'Works on Fire TV, Android, iOS, Smart TV',
  `${months} of uninterrupted service`,
  '24/7 customer support',
];

/** The catalog a new store opens with: a trial, four durations, the box. */
export const SEED_PACKAGES: NewPackage[] = [
  {
    id: TRIAL_PACKAGE_ID,
    name: TRIAL_CART_PACKAGE.name,
    duration: TRIAL_CART_PACKAGE.duration,
    durationUnit: 'hours',
    durationValue: 36,
    price: '0.00',
    cashback: '0.00',
    channels: '18,000+',
    quality: '4K Ultra HD',
    devices: 1,
    vod: '100,000+',
    features: [...TRIAL_CART_PACKAGE.features],
  },
  ...(
    [
      ['1 Month', 1, '15.99', '10.00', false],
      ['3 Months', 3, '39.99', '15.00', false],
      ['6 Months', 6, '69.99', '20.00', true],
      ['12 Months', 12, '119.99', '30.00', false],
    ] as const
  ).map(([duration, months, price, cashback, popular]): NewPackage => ({
    id: randomUUID(),
    name: `${duration} Premium`,
    duration,
    durationUnit: 'months',
    durationValue: months,
    price,
    cashback,
    channels: '18,000+',
    quality: '4K Ultra HD',
    devices: 4,
    vod: '100,000+',
    features: paidFeatures(duration),
    popular,
  })),
  {
    id: STREAMING_BOX_ID,
    name: 'Streaming Box',
    duration: '6 Months',
    durationUnit: 'months',
    durationValue: 6,
    price: '149.99',
    cashback: '25.00',
    channels: '18,000+',
    quality: '4K Ultra HD',
    devices: 4,
    vod: '100,000+',
    features: [
      '4K Android streaming box, ready to plug in',
      '6-month subscription included, starts on first use',
      'Free shipping in 1-2 business days',
      '18,000+ live channels',
      '100,000+ movies & series (VOD)',
      'Remote control and HDMI cable included',
    ],
    requiresShipping: true,
  },
];

export async function hasNoPackages(db: Db): Promise<boolean> {
  const [{ count }] = (await db.select({ count: sql<number>`count(*)::int` }).from(packages)) as [{ count: number }];
  return count === 0;
}

export async function seedPackages(tx: DbOrTx): Promise<void> {
  await tx.insert(packages).values(SEED_PACKAGES).onConflictDoNothing();
  const prices = SEED_PACKAGES.flatMap((pkg) => {
    const list = pkg.id === STREAMING_BOX_ID ? SEED_PRICES.box : pkg.price === FREE_PRICE ? null : SEED_PRICES[pkg.duration as PricedDuration];
    return list ? Object.entries(list).map(([currency, price]) => ({ packageId: pkg.id, currency: currency as keyof typeof list, price })) : [];
  });
  await tx.insert(packagePrices).values(prices).onConflictDoNothing();
}
