import { z } from 'zod';
import { MAX_DEVICES, MIN_DEVICES } from '#domain/catalog';
import { SUPPORTED_CURRENCIES } from '#domain/currencies';
import { moneyField, requiredText } from './fields';
import { moneyText, packageSchema } from './packages';

/**
 * PATCH /api/admin/packages/:id: an administrator changes what a package sells for and
 * says. Money as the package list spells it ('12.34'). Paid orders keep the amounts they
 * were sold at; the next checkout uses the new ones.
 */

/** Above this a price is a slip of the keyboard, not a subscription's price. */
export const MAX_PACKAGE_PRICE_CENTS = 1_000_000;
export const MAX_PACKAGE_FEATURES = 20;

const PACKAGE_FIELDS = ['name', 'price', 'cashback', 'features', 'popular', 'devices', 'hidden'] as const;

/** The currencies with a price list beside the USD price (decision 0104). */
const LIST_CURRENCIES = ['EUR', 'GBP', 'BRL'] as const;
const listPriceField = (currency: (typeof LIST_CURRENCIES)[number]) => moneyField(`Price in ${currency}`, MAX_PACKAGE_PRICE_CENTS).nullable().optional();

export const packageIdParamsSchema = z.object({ id: requiredText('Package id', 64) });

export const packageChangesSchema = z
  .strictObject(
    {
      name: requiredText('Name', 60).optional(),
      price: moneyField('Price', MAX_PACKAGE_PRICE_CENTS).optional(),
      cashback: moneyField('Cashback', MAX_PACKAGE_PRICE_CENTS).optional(),
      features: z
        .array(requiredText('Feature', 100), { error: 'Features must be a list of text' })
        .max(MAX_PACKAGE_FEATURES, `At most ${MAX_PACKAGE_FEATURES} features`)
        .optional(),
      popular: z.boolean({ error: 'popular must be true or false' }).optional(),
      devices: z
        .number({ error: `devices must be a whole number from ${MIN_DEVICES} to ${MAX_DEVICES}` })
        .int(`devices must be a whole number from ${MIN_DEVICES} to ${MAX_DEVICES}`)
        .min(MIN_DEVICES, `devices must be a whole number from ${MIN_DEVICES} to ${MAX_DEVICES}`)
        .max(MAX_DEVICES, `devices must be a whole number from ${MIN_DEVICES} to ${MAX_DEVICES}`)
        .optional(),
      /** true takes the package off the landing page and out of checkout; false sells it again. */
      hidden: z.boolean({ error: 'hidden must be true or false' }).optional(),
      /**
       * Its price in other currencies than USD (decision 0104), e.g. { EUR: '14.99' }; null
       * takes it out of that currency's list. Currencies not named keep their price.
       */
      prices: z
        .strictObject(
          {
            EUR: listPriceField('EUR'),
            GBP: listPriceField('GBP'),
            BRL: listPriceField('BRL'),
          },
          { error: (issue) => (issue.code === 'unrecognized_keys' ? `Prices can be set in ${LIST_CURRENCIES.join(', ')}; USD is the package's price` : 'prices must be an object of currency codes and prices') },
        )
        .optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `Unknown field ${issue.keys.join(', ')}: a package's ${PACKAGE_FIELDS.join(', ')} can be changed`
          : `Send the package's changes as a JSON object of ${PACKAGE_FIELDS.join(', ')}`,
    },
  )
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), `Nothing to change: send at least one of ${PACKAGE_FIELDS.join(', ')}`);
export type PackageChanges = z.output<typeof packageChangesSchema>;

/** A package as the administrator sees it: the landing page's fields, whether it is hidden, and its price in each listed currency (null: not sold in it). */
export const adminPackageSchema = packageSchema.extend({
  hidden: z.boolean(),
  /** Always sent by the server; optional so that a package built by a page before price lists still reads. */
  prices: z.object({ EUR: moneyText.nullable(), GBP: moneyText.nullable(), BRL: moneyText.nullable() }).optional(),
});
export type AdminPackage = z.infer<typeof adminPackageSchema>;
/** GET /api/admin/packages: every package, hidden ones too, cheapest first (the landing page's order). */
export const adminPackageListSchema = z.array(adminPackageSchema);

export const PACKAGE_NOT_FOUND = 'Package not found';
export const CASHBACK_ABOVE_PRICE = 'Cashback must not be more than the price';
export const FREE_TRIAL_STAYS_FREE = 'The free trial stays free: its price must be 0.00';
export const PAID_PACKAGE_NOT_FREE = 'A paid package must cost more than 0.00 (a price of 0.00 marks the free trial)';

/** GET /api/admin/currencies: each currency the store can sell in, and whether it does now (decision 0104). */
export const adminCurrencySchema = z.object({ currency: z.enum(SUPPORTED_CURRENCIES), enabled: z.boolean() });
export const adminCurrencyListSchema = z.array(adminCurrencySchema);
export type AdminCurrency = z.infer<typeof adminCurrencySchema>;
/** PATCH /api/admin/currencies: turns one currency on or off; USD, the default, stays on. */
export const currencyChangeSchema = z.strictObject({
  currency: z.enum(SUPPORTED_CURRENCIES, { error: `Currency must be one of ${SUPPORTED_CURRENCIES.join(', ')}` }),
  enabled: z.boolean({ error: 'enabled must be true or false' }),
});
export type CurrencyChange = z.infer<typeof currencyChangeSchema>;
export const DEFAULT_CURRENCY_STAYS_ON = 'USD is the store\'s default currency and cannot be turned off';
