import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise } from 'dependency-cruiser';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * Each wall of .dependency-cruiser.cjs (ARCHITECTURE.md "Walls, not promises"; decisions
 * 0031, 0032, 0047) seen failing on one deliberate bad import, and the imports the layout
 * allows seen passing, in a small tree laid out like src/ in a folder of its own, so that a
 * rule loosened by mistake (a path that no longer matches, an exemption too wide) fails here.
 */
const require = createRequire(import.meta.url);
const { forbidden, options } = require('../../.dependency-cruiser.cjs') as { forbidden: unknown[]; options: Record<string, unknown> };

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

const trees: string[] = [];
afterEach(() => {
  for (const tree of trees.splice(0)) rmSync(tree, { recursive: true, force: true });
});

/** The rules broken by `files` (path under the tree -> source), each with its import. */
async function violationsOf(files: Record<string, string>): Promise<string[]> {
  const tree = mkdtempSync(path.join(tmpdir(), 'walls-'));
  trees.push(tree);
  symlinkSync(path.resolve('node_modules'), path.join(tree, 'node_modules'), 'dir');
  // The manifest makes stripe an 'npm' dependency, as the project's does.
  writeFileSync(path.join(tree, 'package.json'), JSON.stringify({ dependencies: { stripe: '*' } }));
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
    writeFileSync(path.join(tree, file), source);
  }
  const { output } = await cruise(['src'], {
    baseDir: tree,
    doNotFollow: options.doNotFollow as { path: string },
    tsPreCompilationDeps: true,
    // node_modules is a link to the project's: resolved through it, stripe is node_modules/stripe.
    preserveSymlinks: true,
    validate: true,
    ruleSet: { forbidden } as never,
    outputType: 'json',
  });
  const { summary } = JSON.parse(output as string) as { summary: { violations: Violation[] } };
  return summary.violations.map((violation) => `${violation.rule.name}: ${violation.from} -> ${violation.to}`).sort();
}

/** One module that exists, so an import of it resolves. */
const existing = (...files: string[]) => Object.fromEntries(files.map((file) => [file, 'export const here = 1;\n']));

describe('the walls, each failing on a deliberate bad import', () => {
  const cases: Array<[rule: string, from: string, importing: string, to: string]> = [
    ['domain-is-pure', 'src/domain/price.ts', '../contract/order', 'src/contract/order.ts'],
    ['contract-only-domain', 'src/contract/order.ts', '../server/lib/clock', 'src/server/lib/clock.ts'],
    ['client-not-server', 'src/client/lib/api.ts', '../../server/lib/clock', 'src/server/lib/clock.ts'],
    ['server-not-client', 'src/server/app.ts', '../client/lib/api', 'src/client/lib/api.ts'],
    ['infrastructure-knows-no-store', 'src/server/db/connect.ts', '../features/orders/index', 'src/server/features/orders/index.ts'],
    ['jobs-are-only-the-queue', 'src/server/jobs/queue.ts', '../workflows/paid-order', 'src/server/workflows/paid-order.ts'],
    ['providers-know-no-feature', 'src/server/providers/mail/smtp.ts', '../../features/orders/index', 'src/server/features/orders/index.ts'],
    ['features-never-call-workflows', 'src/server/features/orders/completion.ts', '../../workflows/paid-order', 'src/server/workflows/paid-order.ts'],
    ['feature-face-only', 'src/server/workflows/paid-order.ts', '../features/orders/completion', 'src/server/features/orders/completion.ts'],
    ['feature-face-only-between-features', 'src/server/features/subscriptions/lifecycle.ts', '../orders/completion', 'src/server/features/orders/completion.ts'],
    ['schema-owned-by-its-feature', 'src/server/workflows/paid-order.ts', '../features/orders/schema', 'src/server/features/orders/schema.ts'],
    ['schema-owned-by-its-feature-inside', 'src/server/features/subscriptions/lifecycle.ts', '../orders/schema', 'src/server/features/orders/schema.ts'],
    // A schema naming another feature's table for a foreign key (decision 0047).
    ['schema-owned-by-its-feature-inside', 'src/server/features/subscriptions/schema.ts', '../orders/schema', 'src/server/features/orders/schema.ts'],
    ['schema-index-for-migrations-only', 'src/server/features/orders/completion.ts', '../../schema', 'src/server/schema.ts'],
    ['provider-face-only', 'src/server/features/payments/card.ts', '../../providers/payments/stripe-card-payments', 'src/server/providers/payments/stripe-card-payments.ts'],
    ['client-feature-face-only', 'src/client/app.tsx', './features/cart/store', 'src/client/features/cart/store.ts'],
    ['client-feature-face-only-between-features', 'src/client/features/account/page.tsx', '../cart/store', 'src/client/features/cart/store.ts'],
    ['no-unresolvable-import', 'src/domain/price.ts', './no-such-module', 'no-such-module'],
  ];

  for (const [rule, from, importing, to] of cases) {
    it(`${rule}: ${from} importing ${importing}`, async () => {
      const files = { ...existing(to), [from]: `import { here } from '${importing}';\nexport const probe = here;\n` };
      if (to === 'no-such-module') delete files[to];
      const expectedTo = to === 'no-such-module' ? './no-such-module' : to;
      expect(await violationsOf(files)).toEqual([`${rule}: ${from} -> ${expectedTo}`]);
    });
  }

  it('provider-sdks-behind-providers: a feature importing stripe', async () => {
    const violations = await violationsOf({ 'src/server/features/payments/card.ts': "import Stripe from 'stripe';\nexport const probe = Stripe;\n" });
    expect(violations).toHaveLength(1);
    expect(violations[0]).toMatch(/^provider-sdks-behind-providers: src\/server\/features\/payments\/card\.ts -> node_modules\/stripe\//);
  });

  it('no-cycle-between-server-modules: two modules of a feature importing each other', async () => {
    const violations = await violationsOf({
      'src/server/features/orders/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
      'src/server/features/orders/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
    });
    // A cycle is reported once, at the first module of it that the cruise met.
    expect(violations).toEqual(['no-cycle-between-server-modules: src/server/features/orders/a.ts -> src/server/features/orders/b.ts']);
  });

  it('no-cycle-between-client-features: two client features using each other through their faces', async () => {
    const violations = await violationsOf({
      'src/client/features/cart/index.ts': "import { account } from '../account/index';\nexport const cart = () => account;\n",
      'src/client/features/account/index.ts': "import { cart } from '../cart/index';\nexport const account = () => cart;\n",
    });
    expect(violations).toEqual([
      'no-cycle-between-client-features: src/client/features/account -> src/client/features/cart',
      'no-cycle-between-client-features: src/client/features/cart -> src/client/features/account',
    ]);
  });
});

describe('the walls let the layout through', () => {
  it('passes a workflow on features\' faces, a feature on another\'s face, reports and the schema index on schemas, a provider on its SDK', async () => {
    const violations = await violationsOf({
      ...existing('src/domain/price.ts', 'src/server/lib/clock.ts', 'src/server/features/orders/schema.ts', 'src/server/features/orders/index.ts'),
      'src/contract/order.ts': "import { here } from '../domain/price';\nexport const order = here;\n",
      'src/server/features/orders/completion.ts': "import { here } from './schema';\nimport { here as now } from '../../lib/clock';\nexport const c = here + now;\n",
      'src/server/features/subscriptions/lifecycle.ts': "import { here } from '../orders/index';\nexport const l = here;\n",
      'src/server/features/reports/stats.ts': "import { here } from '../orders/schema';\nexport const s = here;\n",
      'src/server/workflows/paid-order.ts': "import { here } from '../features/orders/index';\nexport const w = here;\n",
      'src/server/schema.ts': "export * from './features/orders/schema';\n",
      'src/server/providers/payments/stripe-card-payments.ts': "import Stripe from 'stripe';\nexport const p = Stripe;\n",
      'src/server/providers/payments/index.ts': "export * from './stripe-card-payments';\n",
      'src/server/features/payments/card.ts': "import { p } from '../../providers/payments/index';\nexport const card = p;\n",
    });
    expect(violations).toEqual([]);
  });
});
