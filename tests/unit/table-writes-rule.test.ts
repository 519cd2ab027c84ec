import path from 'node:path';
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import { tableWritesByOwner } from '../../scripts/lint/table-writes-by-owner.mjs';

/**
 * The ESLint rule store/table-writes-by-owner ("each table has one owner", decision 0031):
 * an insert, update or delete of a table imported from another part of the server fails;
 * the owner's own writes, and reads by anyone, pass.
 */
RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
const at = (file: string) => path.resolve('src/server', file);

tester.run('store/table-writes-by-owner', tableWritesByOwner, {
  valid: [
    { filename: at('features/orders/completion.ts'), code: "import { orders } from './schema';\nexport const complete = (tx) => tx.update(orders).set({ status: 'completed' });" },
    { filename: at('features/reports/stats.ts'), code: "import { orders } from '../orders/schema';\nexport const read = (db) => db.select().from(orders);" },
    { filename: at('features/subscriptions/lifecycle.ts'), code: "import { ordersForReading } from '../orders/index';\nexport const read = (db) => db.select().from(ordersForReading);" },
  ],
  invalid: [
    {
      filename: at('features/subscriptions/lifecycle.ts'),
      code: "import { orders } from '../orders/schema';\nexport const fulfil = (tx) => tx.update(orders).set({ fulfilled: true });",
      errors: [{ message: "orders belongs to features/orders: call features/orders's own function (taking the transaction) instead of writing it from features/subscriptions." }],
    },
    {
      filename: at('workflows/paid-order.ts'),
      code: "import { ordersForReading } from '#server/features/orders/index';\nexport const write = (tx) => tx.insert(ordersForReading).values({});",
      errors: [{ messageId: 'foreignWrite' }],
    },
    {
      filename: at('features/accounts/email-proof.ts'),
      code: "import { subscriptions } from '#server/features/subscriptions/schema';\nexport const move = (tx) => tx.delete(subscriptions);",
      errors: [{ messageId: 'foreignWrite' }],
    },
  ],
});
