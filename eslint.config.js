// The code rules of the walls (ARCHITECTURE.md, "Walls, not promises"): typescript-eslint's
// type-aware recommended rules everywhere, React's hook rules and jsx-a11y on the client.
// `npm run lint` runs this with --max-warnings 0, so a warning fails the build like an error.
// It keeps each file's result in node_modules/.cache/eslint (by content): the type-aware
// rules make a whole run take 70-90 s on two cores, a run after a small change a few
// seconds. A file's cached result does not see a change in the types it imports, so a
// clean clone (CI's) runs every file: `rm -rf node_modules/.cache/eslint` does the same here.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { noBareJsxText } from './scripts/lint/no-bare-jsx-text.mjs';
import { tableWritesByOwner } from './scripts/lint/table-writes-by-owner.mjs';

/**
 * The client files whose words come from the message catalogues (decision 0106): a bare word
 * in their JSX fails the lint. The list grows as files are translated.
 */
const TRANSLATED_FILES = [
  'src/client/app/routes.tsx',
  'src/client/components/AuthShell.tsx',
  'src/client/components/CurrencyPicker.tsx',
  'src/client/components/EmailAddress.tsx',
  'src/client/components/LanguageSwitcher.tsx',
  'src/client/components/LinkQrDialog.tsx',
  'src/client/components/ServerAddress.tsx',
  'src/client/components/SkipLink.tsx',
  'src/client/components/TrackingNumber.tsx',
  'src/client/components/ui/copy-button.tsx',
  'src/client/features/account/BillingHistory.tsx',
  'src/client/features/account/GiftCardsReceived.tsx',
  'src/client/features/account/ReceiptView.tsx',
  'src/client/features/auth/ResendSetupLinkForm.tsx',
  'src/client/features/auth/SetupLink.tsx',
  'src/client/features/account/AccountGate.tsx',
  'src/client/features/account/AccountHeader.tsx',
  'src/client/features/account/AccountInfoCard.tsx',
  'src/client/features/account/AutoRenewBlock.tsx',
  'src/client/features/account/CredentialsGenerating.tsx',
  'src/client/features/account/DemoSetupForm.tsx',
  'src/client/features/account/RenewDialog.tsx',
  'src/client/features/account/RenewalDeclinedBanner.tsx',
  'src/client/features/account/StripeSetupForm.tsx',
  'src/client/features/account/SubscriptionCard.tsx',
  'src/client/features/account/SubscriptionsSection.tsx',
  'src/client/features/account/TimeZoneSetting.tsx',
  'src/client/features/account/UpdateCardDialog.tsx',
  'src/client/features/cart/CartButton.tsx',
  'src/client/features/catalog/PackageCard.tsx',
  'src/client/features/catalog/PackageList.tsx',
  'src/client/features/catalog/PackageListLoading.tsx',
  'src/client/features/cart/CartDialog.tsx',
  'src/client/features/auth/ForgotPasswordDialog.tsx',
  'src/client/features/auth/SignInForm.tsx',
  'src/client/features/auth/SignUpForm.tsx',
  'src/client/features/checkout/CardFormSkeleton.tsx',
  'src/client/features/checkout/CardPayment.tsx',
  'src/client/features/checkout/CheckoutComplete.tsx',
  'src/client/features/checkout/CheckoutHeader.tsx',
  'src/client/features/checkout/CheckoutShell.tsx',
  'src/client/features/checkout/CheckoutView.tsx',
  'src/client/features/checkout/CouponBox.tsx',
  'src/client/features/checkout/CryptoInvoiceView.tsx',
  'src/client/features/checkout/CryptoPaymentPanel.tsx',
  'src/client/features/checkout/CustomerInfoSection.tsx',
  'src/client/features/checkout/DemoCardForm.tsx',
  'src/client/features/checkout/OrderSummary.tsx',
  'src/client/features/checkout/GiftCardSection.tsx',
  'src/client/features/checkout/LazyCryptoInvoiceView.tsx',
  'src/client/features/checkout/OrderConfirmedDialog.tsx',
  'src/client/features/checkout/PaymentActions.tsx',
  'src/client/features/checkout/PaymentFailureNote.tsx',
  'src/client/features/checkout/PaymentMethodSection.tsx',
  'src/client/features/checkout/PolicyAgreement.tsx',
  'src/client/features/checkout/SetTopBoxFields.tsx',
  'src/client/features/checkout/ShippingSection.tsx',
  'src/client/features/checkout/StripeCardForm.tsx',
  'src/client/features/demo-card/DemoCardFields.tsx',
  'src/client/features/devices/ActionDialog.tsx',
  'src/client/features/devices/CredentialLine.tsx',
  'src/client/features/devices/DeviceControls.tsx',
  'src/client/features/devices/DeviceCredentialList.tsx',
  'src/client/features/devices/DeviceDialogs.tsx',
  'src/client/features/devices/SetupGuideDialog.tsx',
  'src/client/features/email-preferences/EmailPreferencesCard.tsx',
  'src/client/features/email-preferences/UnsubscribeLink.tsx',
  'src/client/features/landing/FeatureGrid.tsx',
  'src/client/features/landing/Hero.tsx',
  'src/client/features/landing/SignedInLinks.tsx',
  'src/client/features/landing/SiteFooter.tsx',
  'src/client/features/landing/SiteHeader.tsx',
  'src/client/features/landing/SiteMenu.tsx',
  'src/client/features/landing/SiteMenuSheet.tsx',
  'src/client/features/landing/Testimonials.tsx',
  'src/client/features/landing/TrustSection.tsx',
  'src/client/features/landing/TutorialDialog.tsx',
  'src/client/features/policies/PolicyView.tsx',
  'src/client/features/status/StatusBoard.tsx',
  'src/client/features/support/HelpSection.tsx',
  'src/client/features/support/NewTicketForm.tsx',
  'src/client/features/support/SupportPages.tsx',
  'src/client/features/support/TicketConversation.tsx',
  'src/client/features/renewals/RenewalConfirm.tsx',
  'src/client/features/telegram/TelegramCard.tsx',
  'src/client/pages/AccountPage.tsx',
  'src/client/pages/CheckoutPage.tsx',
  'src/client/pages/LandingPage.tsx',
  'src/client/pages/LoginPage.tsx',
  'src/client/pages/NotFoundPage.tsx',
  'src/client/pages/PasswordSetupPage.tsx',
  'src/client/pages/PolicyPage.tsx',
  'src/client/pages/ReceiptPage.tsx',
  'src/client/pages/RegisterPage.tsx',
  'src/client/pages/SetupPage.tsx',
  'src/client/pages/StatusPage.tsx',
  'src/client/pages/SupportPage.tsx',
  'src/client/pages/SupportTicketPage.tsx',
];

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'coverage/', 'bench/', 'drizzle/', 'node_modules/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      // A leading underscore names what is left out on purpose (a destructured field dropped).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // Fastify tells plugins and hooks apart by their being async (a plain function gets a
      // `done` callback), and a provider method keeps its interface's promise: an async
      // function without an await is often the right shape here.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}', 'tests/unit/**/*.tsx', 'tests/support/**/*.tsx'],
    ...reactHooks.configs.flat['recommended-latest'],
    languageOptions: { globals: { ...globals.browser } },
  },
  { files: ['src/client/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    files: TRANSLATED_FILES,
    plugins: { i18n: { rules: { 'no-bare-jsx-text': noBareJsxText } } },
    // The store's name and address read the same in every language.
    rules: { 'i18n/no-bare-jsx-text': ['error', { allow: ['StreamPlus', 'support@streamplus.tv'] }] },
  },
  {
    files: ['src/server/**/*.ts'],
    plugins: { store: { rules: { 'table-writes-by-owner': tableWritesByOwner } } },
    rules: { 'store/table-writes-by-owner': 'error' },
  },
  // No service bag on the Fastify instance (decision 0080): each route plugin is registered
  // with the typed dependencies it uses, so nothing reaches a dependency through the instance.
  {
    files: ['src/server/**/*.ts', 'tests/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name=/^decorate(Request|Reply)?$/]:not([arguments.0.value=/^(routeList|sendClientApp)$/])",
          message: 'Only routeList and sendClientApp decorate the app: pass a plugin what it uses as its options (decision 0080).',
        },
        {
          selector: "MemberExpression[property.name=/^(services|deps)$/][object.name=/^(app|fastify|instance|server|scope|guarded|plain)$/]",
          message: 'No service bag on the app: the route plugin takes what it uses as its options (decision 0080).',
        },
        {
          selector: "MemberExpression[property.name=/^(services|deps)$/][object.property.name=/^(app|server)$/]",
          message: 'No service bag on the app: the route plugin takes what it uses as its options (decision 0080).',
        },
        {
          selector: "TSModuleDeclaration[id.value='fastify'] TSPropertySignature[key.name=/^(services|deps)$/]",
          message: 'No service bag on FastifyInstance: the route plugin takes what it uses as its options (decision 0080).',
        },
      ],
    },
  },
  // Tests read answers as JSON (`inject().json()` is `any` by design) and poke at them;
  // typing every answer there would restate the contract's schemas, which the routes
  // already enforce, so the unsafe-any family is off in tests and on everywhere else.
  {
    files: ['tests/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // expect(mock.method) reads a method without calling it.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  // Plain JavaScript (scripts, benches) is not in the TypeScript project.
  { files: ['**/*.{js,mjs,cjs}'], ...tseslint.configs.disableTypeChecked },
);
