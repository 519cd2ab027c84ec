/**
 * The walls of ARCHITECTURE.md ("Layout" and "Walls, not promises"), checked on every
 * `npm run lint`. Floors from the ground up: domain -> contract -> server/lib, db, http,
 * providers -> features -> workflows -> wiring (app.ts, services.ts, main.ts, cli).
 * An arrow only points down; decision 0031 gives the reasons.
 */
const FEATURE = '^src/server/features/([^/]+)/';
const CLIENT_FEATURE = '^src/client/features/([^/]+)/';

/**
 * The client features that may use another's face, each with its reason (decision 0082).
 * Any other pair is refused: what two features share lives in src/client/components or
 * src/client/lib (the session, the packages' query, Stripe's loader, the customer's dates).
 */
const CLIENT_FEATURE_PAIRS = [
  ['landing', 'cart', "The landing page's header carries the cart's button, which opens the cart's dialog."],
  ['account', 'devices', "A subscription's card in the account lists its devices and their controls (decision 0042)."],
  ['admin', 'devices', "An order's and a customer's records in the admin show the same devices and controls, for any customer (decision 0042)."],
  ['checkout', 'demo-card', "The demo card network's fields (D7): checkout's card payment."],
  ['account', 'demo-card', "The demo card network's fields (D7): the account's 'Update card'."],
  ['admin', 'support', "The staff inbox shows a ticket's messages and clock as the customer's pages do (decision 0102)."],
];

/**
 * The server features that may import another's face, each with the fact of its domain that
 * makes it a dependency (decision 0084). Every other crossing (an email, an audit row, an
 * order's provisioning, a refund, a renewal) is a workflow's job in src/server/workflows;
 * features/reports, the read model, reads every feature. Any other pair is refused.
 */
const SERVER_FEATURE_PAIRS = [
  ['accounts', 'catalog', "A customer's order list names each order's package."],
  ['accounts', 'orders', "A customer's own orders: the account lists them, and a resend request names one."],
  ['checkout', 'catalog', "An order's line names a package and takes its price."],
  ['coupons', 'catalog', "A coupon may be limited to a package, and its quote prices that package."],
  ['orders', 'catalog', 'The purchase notification names the package bought, in the completing statement (decision 0023).'],
  ['orders', 'coupons', "An order's one coupon use is counted with its status change, in one transaction (decision 0020)."],
  ['orders', 'policies', "An order records the versions of the terms and refund policy its buyer agreed to, read in its inserting statement (decision 0097)."],
  ['payments', 'orders', 'A payment pays an order and must match it (D8); a crypto payment is kept on its order.'],
  ['renewals', 'orders', 'A charge waiting for 3-D Secure is settled once its order is paid, in one statement.'],
  ['renewals', 'subscriptions', "A renewal charge is one subscription's period: its expiry, switch, card and owner in one query."],
  ['subscriptions', 'catalog', 'A subscription is of a package: its name, duration and renewal price (decision 0023).'],
];

module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'domain/ holds pure rules: it imports nothing of ours outside itself.',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: { path: '^src/', pathNot: '^src/domain/' },
    },
    {
      name: 'contract-only-domain',
      comment: 'contract/ describes requests and responses: it may lean on domain/, nothing else of ours.',
      severity: 'error',
      from: { path: '^src/contract/' },
      to: { path: '^src/', pathNot: '^src/(domain|contract)/' },
    },
    {
      name: 'client-not-server',
      comment: 'The browser bundle never pulls server code in.',
      severity: 'error',
      from: { path: '^src/client/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-not-client',
      comment: 'The server knows the client only as a built folder, never by import.',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/client/' },
    },
    {
      name: 'infrastructure-knows-no-store',
      comment: 'server/db, server/http and server/lib know nothing of the store: no feature, workflow or job.',
      severity: 'error',
      from: { path: '^src/server/(db|http|lib)/' },
      to: { path: '^src/server/(features|workflows|jobs)/' },
    },
    {
      name: 'jobs-are-only-the-queue',
      comment: "jobs/ is the durable queue and nothing else: each job's handler lives with the feature or workflow it serves.",
      severity: 'error',
      from: { path: '^src/server/jobs/' },
      to: { path: '^src/server/(features|workflows)/' },
    },
    {
      name: 'providers-know-no-feature',
      comment: 'A provider wraps a third party; what the store does with it belongs above it.',
      severity: 'error',
      from: { path: '^src/server/providers/' },
      to: { path: '^src/server/(features|workflows|jobs)/' },
    },
    {
      name: 'features-never-call-workflows',
      comment: 'A workflow calls features in order; a feature calling a workflow back is an arrow pointing up.',
      severity: 'error',
      from: { path: '^src/server/features/' },
      to: { path: '^src/server/workflows/' },
    },
    {
      name: 'errors-chosen-at-the-edge',
      comment:
        "A feature's rules and every workflow know nothing of HTTP: they throw domain errors (domain/errors.ts), and http/errors.ts maps each kind to its status in one table. Only a feature's routes files (routes.ts, *-routes.ts), the edge, import server/http (decision 0081).",
      severity: 'error',
      from: { path: '^src/server/(features|workflows)/', pathNot: '^src/server/features/.*[/-]routes\\.ts$' },
      to: { path: '^src/server/http/' },
    },
    {
      name: 'feature-face-only',
      comment: "Outside a feature, only its index.ts (its public face) is imported, never a deep path.",
      severity: 'error',
      from: { path: '^src/server/', pathNot: '^src/server/features/' },
      to: { path: `${FEATURE}(?!index\\.ts$)`, pathNot: [`${FEATURE}schema\\.ts$`] },
    },
    {
      name: 'feature-face-only-between-features',
      comment: "A feature reaches another feature only through that feature's index.ts.",
      severity: 'error',
      from: { path: FEATURE },
      to: { path: '^src/server/features/[^/]+/(?!index\\.ts$)', pathNot: ['^src/server/features/$1/', `${FEATURE}schema\\.ts$`] },
    },
    {
      name: 'schema-owned-by-its-feature',
      comment:
        "A feature's tables (its schema.ts) are imported by that feature, by features/reports (read-only SQL) and by the schema index for migrations (src/server/schema.ts). Other features read them through the owner's index.ts and never write them (the ESLint rule store/table-writes-by-owner).",
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/server/((features|providers)/[^/]+|http|lib)/', '^src/server/schema\\.ts$'] },
      to: { path: '^src/server/(features|providers)/[^/]+/schema\\.ts$|^src/server/(http|lib)/schema\\.ts$' },
    },
    {
      name: 'schema-owned-by-its-feature-inside',
      comment:
        "The same, seen from inside a feature, a provider, http or lib: their own schema.ts only. A schema.ts too: a foreign key to another feature's table is written in a migration, not with drizzle's references() (decision 0047).",
      severity: 'error',
      from: { path: '^src/server/((features|providers)/[^/]+|http|lib)/', pathNot: '^src/server/features/reports/' },
      to: { path: '^src/server/((features|providers)/[^/]+|http|lib)/schema\\.ts$', pathNot: '^src/server/$1/' },
    },
    {
      name: 'schema-index-for-migrations-only',
      comment: 'src/server/schema.ts gathers every table for drizzle-kit (and tests); code imports a table from its owner.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/server/db/connect\\.ts$' },
      to: { path: '^src/server/schema\\.ts$' },
    },
    {
      name: 'provider-sdks-behind-providers',
      comment: 'Only server/providers knows a provider SDK or wire format (D7): stripe is imported nowhere else.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/server/providers/' },
      to: { dependencyTypes: ['npm', 'npm-dev'], path: '^node_modules/stripe/' },
    },
    {
      name: 'provider-face-only',
      comment: "Outside server/providers/<kind>, only its index.ts is imported: the wire formats (NOWPayments' notice, Stripe's events, the panel's answers) stay inside.",
      severity: 'error',
      from: { path: '^src/server/', pathNot: ['^src/server/providers/', '^src/server/schema\\.ts$'] },
      to: { path: '^src/server/providers/[^/]+/(?!index\\.ts$)' },
    },
    {
      name: 'no-cycle-between-server-modules',
      comment: 'No import loop through server features, module by module (decision 0032); schema.ts files included, since none names another feature\'s table (decision 0047).',
      severity: 'error',
      from: { path: '^src/server/features/' },
      to: { circular: true },
    },
    {
      name: 'client-feature-face-only',
      comment: "On the client too, a feature is reached only through its index.ts.",
      severity: 'error',
      from: { path: '^src/client/', pathNot: '^src/client/features/' },
      to: { path: `${CLIENT_FEATURE}(?!index\\.tsx?$)` },
    },
    {
      name: 'client-feature-face-only-between-features',
      severity: 'error',
      from: { path: CLIENT_FEATURE },
      to: { path: '^src/client/features/[^/]+/(?!index\\.tsx?$)', pathNot: '^src/client/features/$1/' },
    },
    {
      name: 'no-cycle-between-client-features',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src/client/features/[^/]+' },
      to: { circular: true },
    },
    {
      name: 'no-unresolvable-import',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  // Every import is allowed but one feature's into another's (client or server), unless the pair is listed.
  allowed: [
    { comment: 'Modules outside the features: the forbidden rules above.', from: { pathNot: [CLIENT_FEATURE, FEATURE] }, to: {} },
    { comment: 'A client feature importing what is not a client feature.', from: { path: CLIENT_FEATURE }, to: { pathNot: '^src/client/features/' } },
    { comment: 'A client feature importing its own modules.', from: { path: CLIENT_FEATURE }, to: { path: '^src/client/features/$1/' } },
    ...CLIENT_FEATURE_PAIRS.map(([from, to, reason]) => ({
      comment: `${from} -> ${to}: ${reason}`,
      from: { path: `^src/client/features/${from}/` },
      to: { path: `^src/client/features/${to}/` },
    })),
    { comment: 'A server feature importing what is not a server feature.', from: { path: FEATURE }, to: { pathNot: '^src/server/features/' } },
    { comment: 'A server feature importing its own modules.', from: { path: FEATURE }, to: { path: '^src/server/features/$1/' } },
    { comment: 'The read model (features/reports) reads every feature.', from: { path: '^src/server/features/reports/' }, to: { path: '^src/server/features/' } },
    ...SERVER_FEATURE_PAIRS.map(([from, to, reason]) => ({
      comment: `${from} -> ${to}: ${reason}`,
      from: { path: `^src/server/features/${from}/` },
      to: { path: `^src/server/features/${to}/` },
    })),
  ],
  allowedSeverity: 'error',
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|data)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
  },
};
