import { z } from 'zod';
import { MAX_DEVICES, MIN_DEVICES } from '#domain/catalog';
import { moneyField, requiredText } from './fields';
import { packageSchema } from './packages';

/**
 * PATCH /api/admin/packages/:id: an administrator changes what a package sells for and
 * says. Money as the package list spells it ('12.34'). Paid orders keep the amounts they
 * were sold at; the next checkout uses the new ones.
 */

/** Above this a price is a slip of the keyboard, not a subscription's price. */
export const MAX_PACKAGE_PRICE_CENTS = 1_000_000;
export const MAX_PACKAGE_FEATURES = 20;

const PACKAGE_FIELDS = ['name', 'price', 'cashback', 'features', 'popular', 'devices', 'hidden'] as const;

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

/** A package as the administrator sees it: the landing page's fields, and whether it is hidden. */
export const adminPackageSchema = packageSchema.extend({ hidden: z.boolean() });
export type AdminPackage = z.infer<typeof adminPackageSchema>;
/** GET /api/admin/packages: every package, hidden ones too, cheapest first (the landing page's order). */
export const adminPackageListSchema = z.array(adminPackageSchema);

export const PACKAGE_NOT_FOUND = 'Package not found';
export const CASHBACK_ABOVE_PRICE = 'Cashback must not be more than the price';
export const FREE_TRIAL_STAYS_FREE = 'The free trial stays free: its price must be 0.00';
export const PAID_PACKAGE_NOT_FREE = 'A paid package must cost more than 0.00 (a price of 0.00 marks the free trial)';
