import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The listed pairs of client features (decision 0082) and of server features (decision 0084),
 * .dependency-cruiser.cjs `allowed`: a listed pair passes, any other pair of features fails,
 * whatever else imports what.
 */
const require = createRequire(import.meta.url);
const rules = require('../../.dependency-cruiser.cjs') as { forbidden: unknown[]; allowed: unknown[]; allowedSeverity: string };

const tree = mkdtempSync(path.join(tmpdir(), 'feature-pairs-'));
afterAll(() => rmSync(tree, { recursive: true, force: true }));

/** The 'not-in-allowed' imports of a small src/ laid out like the client's. */
async function refusedImports(files: Record<string, string>): Promise<string[]> {
  const root = mkdtempSync(path.join(tree, 'case-'));
  symlinkSync(path.resolve('node_modules'), path.join(root, 'node_modules'), 'dir');
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), source);
  }
  const { output } = await cruise(['src'], {
    baseDir: root,
    tsPreCompilationDeps: true,
    validate: true,
    ruleSet: { allowed: rules.allowed, allowedSeverity: rules.allowedSeverity } as never,
    outputType: 'json',
  });
  const { summary } = JSON.parse(output as string) as { summary: { violations: Array<{ rule: { name: string }; from: string; to: string }> } };
  return summary.violations.map((violation) => `${violation.rule.name}: ${violation.from} -> ${violation.to}`);
}

const face = (feature: string) => ({ [`src/client/features/${feature}/index.ts`]: `export const ${feature.replace('-', '')} = 1;\n` });

describe('client features import each other only in the listed pairs', () => {
  it('passes a listed pair, a feature on lib and components, and a page on any face', async () => {
    const refused = await refusedImports({
      ...face('cart'),
      ...face('auth'),
      'src/client/lib/session.ts': 'export const session = 1;\n',
      'src/client/features/landing/SiteHeader.tsx': "import { cart } from '../cart';\nimport { session } from '../../lib/session';\nexport const header = cart + session;\n",
      'src/client/pages/LoginPage.tsx': "import { auth } from '../features/auth';\nexport const page = auth;\n",
    });
    expect(refused).toEqual([]);
  });

  it('refuses a pair that is not listed, with its error severity', async () => {
    const refused = await refusedImports({
      ...face('auth'),
      'src/client/features/checkout/CheckoutView.tsx': "import { auth } from '../auth';\nexport const view = auth;\n",
    });
    expect(refused).toEqual(['not-in-allowed: src/client/features/checkout/CheckoutView.tsx -> src/client/features/auth/index.ts']);
    expect(rules.allowedSeverity).toBe('error');
  });
});

const serverFace = (feature: string) => ({ [`src/server/features/${feature}/index.ts`]: `export const ${feature} = 1;\n` });

describe('server features import each other only in the listed pairs (decision 0084)', () => {
  it('passes a listed pair, a feature on lib and domain, reports on any face, and a workflow on any face', async () => {
    const refused = await refusedImports({
      ...serverFace('catalog'),
      ...serverFace('orders'),
      ...serverFace('audit'),
      'src/domain/money.ts': 'export const money = 1;\n',
      'src/server/lib/clock.ts': 'export const clock = 1;\n',
      'src/server/features/subscriptions/packages.ts':
        "import { catalog } from '../catalog';\nimport { money } from '../../../domain/money';\nimport { clock } from '../../lib/clock';\nexport const packages = catalog + money + clock;\n",
      'src/server/features/reports/orders.ts': "import { orders } from '../orders';\nimport { audit } from '../audit';\nexport const rows = orders + audit;\n",
      'src/server/workflows/paid-order.ts': "import { orders } from '../features/orders';\nimport { audit } from '../features/audit';\nexport const flow = orders + audit;\n",
    });
    expect(refused).toEqual([]);
  });

  it('refuses a pair that is not listed: an email or an audit row is a workflow\'s job', async () => {
    const refused = await refusedImports({
      ...serverFace('audit'),
      'src/server/features/subscriptions/devices.ts': "import { audit } from '../audit';\nexport const devices = audit;\n",
    });
    expect(refused).toEqual(['not-in-allowed: src/server/features/subscriptions/devices.ts -> src/server/features/audit/index.ts']);
  });
});
