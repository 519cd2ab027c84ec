import { Bitcoin, CreditCard } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, type ComponentProps, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { CheckoutInput } from '#contract/checkout';
import type { Package } from '#contract/packages';
import { FREE_PRICE, MAX_DEVICES, renewsAs, STREAMING_BOX_ID } from '#domain/catalog';
import { parseMoney } from '#domain/money';
import { priceOrder } from '#domain/pricing';
import { Skeleton } from '../../components/ui/skeleton';
import { lazyResolver } from '../../lib/lazy-resolver';
import { useShownAfterFirstCommit } from '../../lib/use-shown-after-first-commit';
import { useCurrentCustomer } from '../../lib/session';
import { usePackages } from '../../lib/use-packages';
import { itemCurrency, useCartInBuyerCurrency } from '../../lib/cart-currency';
import { money } from '#domain/currencies';
import type { CartItem } from '../../lib/cart-store';
import { CardFormSkeleton } from './CardFormSkeleton';
import { defaultFormValues, type CheckoutForm, type CheckoutFormValues } from './checkout-form';
import { draftOwner, formValuesOf, readDraft, readPlacedOrder, saveDraft } from './checkout-draft';
import { renewalPaidText, renewingText, savedCardLabel, useRenewalTimeZone } from './renewal-view';
import { useRenewedSubscription } from './use-renewed-subscription';
import { CheckoutComplete } from './CheckoutComplete';
import { CheckoutSection } from './CheckoutSection';
import { CouponBox } from './CouponBox';
import { CustomerInfoSection } from './CustomerInfoSection';
import { GiftCardSection } from './GiftCardSection';
import { estimateOrder, placedOrderFigures } from './order-summary';
import { OrderSummary } from './OrderSummary';
import { CardDetailsIntro, CHECKOUT_FORM_ID, CryptoIntro, EditDetailsButton, FreeOrderIntro } from './PaymentActions';
import { PaymentMethodSection } from './PaymentMethodSection';
import { PolicyAgreement } from './PolicyAgreement';
import { SetTopBoxFields } from './SetTopBoxFields';
import { ShippingSection } from './ShippingSection';
import type { CheckoutFlow } from './use-checkout-flow';
import { useCoupon } from './use-coupon';
import { usePrefetchStoreConfig, useStoreConfig } from './use-store-config';
import { useStripeReturn } from './use-stripe-return';
import { t } from '../../lib/i18n';

// The card form and the crypto panel load only once the buyer reaches that step, so the
// checkout page's own JavaScript stays small on a phone (decision 0014).
type RenewedPackage = Pick<Package, 'duration' | 'price' | 'requiresShipping'>;

const CardPayment = lazy(() => import('./CardPayment').then((module) => ({ default: module.CardPayment })));
const CryptoPaymentPanel = lazy(() => import('./CryptoPaymentPanel').then((module) => ({ default: module.CryptoPaymentPanel })));

const PREFILLED = ['firstName', 'lastName', 'email', 'phone'] as const;

function validDeviceCount(text: string, max: number): number {
  const count = Number(text);
  return Number.isInteger(count) && count >= 1 && count <= max ? count : 1;
}

/** The checkout page for one package (spec section 2): the form, the payment step and the summary. */
export function CheckoutView({ item, flow }: { item: CartItem; flow: CheckoutFlow }) {
  const isTrial = item.price === FREE_PRICE;
  const maxDevices = item.devices ?? (isTrial ? 1 : MAX_DEVICES);
  // The validator (zod and the checkout schema) loads once the buyer starts on the form, or
  // at submit, not with the page (decision 0024).
  const validation = useMemo(() => lazyResolver(() => import('./checkout-validation').then((module) => module.checkoutResolver(!isTrial))), [isTrial]);
  // A reload keeps the devices, the boxes and the gift card chosen in this tab (decision 0076).
  const owner = draftOwner(item);
  const form = useForm<CheckoutFormValues, unknown, CheckoutInput>({
    resolver: validation.resolver,
    defaultValues: { ...defaultFormValues(item, null), ...readDraft(owner) },
  });
  useEffect(() => {
    return form.subscribe({ formState: { values: true }, callback: ({ values }) => saveDraft(owner, values) });
  }, [form, owner]);
  const renewed = useRenewedSubscription(item.renewsSubscriptionId);
  // A renewal's "Renew automatically" starts as the subscription has it: on stays on.
  const renewedAutoRenew = renewed?.autoRenew;
  useEffect(() => {
    if (renewedAutoRenew !== undefined && !form.getFieldState('autoRenew').isDirty) form.setValue('autoRenew', renewedAutoRenew);
  }, [form, renewedAutoRenew]);
  const renewalEndsAt = renewed?.expirationDate ?? null;
  const [deviceText, paymentMethod] = useWatch({ control: form.control, name: ['deviceCount', 'paymentMethod'] });
  const deviceCount = validDeviceCount(deviceText, maxDevices);
  // The page shows and sends the cart's currency, which follows the buyer's (decision 0108).
  useCartInBuyerCurrency();
  const currency = itemCurrency(item);
  const coupon = useCoupon({ packageId: item.id, subtotal: priceOrder(parseMoney(item.price), deviceCount, 0, currency).subtotal, deviceCount, currency });
  const prefetchStoreConfig = usePrefetchStoreConfig();
  // Whether a customer is signed in, as SignedInDetails last heard it (read at submit).
  const signedIn = useRef(false);
  const onSignedIn = useCallback((known: boolean) => {
    signedIn.current = known;
  }, []);
  const { stage } = flow;
  // The sections below the buyer's details commit in a second pass: two shorter tasks, each
  // with its own layout, in place of one long one (decision 0095).
  const lowerSectionsShown = useShownAfterFirstCommit();
  // What the buyer's first input needs next, loaded then and not with the page (decisions 0024, 0095).
  const preloadNextSteps = () => {
    void validation.preload();
    prefetchStoreConfig();
  };

  useStripeReturn(flow.completeCardPayment, flow.reportFailure);

  // An order placed before a reload is asked for again, once: the same order, not a second one.
  const resumed = useRef(false);
  const { resume } = flow;
  useEffect(() => {
    const placed = readPlacedOrder(owner);
    if (resumed.current || !placed || new URLSearchParams(window.location.search).has('payment_intent')) return;
    resumed.current = true;
    form.reset({ ...form.getValues(), ...formValuesOf(placed.request) });
    void resume(placed.request, { couponCode: placed.request.couponCode ?? null, renewsSubscriptionId: item.renewsSubscriptionId, renewalEndsAt: placed.renewalEndsAt, currency });
  }, [form, owner, resume, item.renewsSubscriptionId, currency]);

  // The payment step comes into view, and takes the focus, once the order is placed.
  useEffect(() => {
    if (stage.kind !== 'card' && stage.kind !== 'crypto') return;
    const id = stage.kind === 'card' ? 'card-details' : 'crypto-payment';
    document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    document.getElementById(`${id}-title`)?.focus({ preventScroll: true });
  }, [stage.kind]);

  const estimate = estimateOrder(item.price, deviceCount, coupon.applied, currency);
  const figures = stage.kind === 'card' ? placedOrderFigures(stage.order) : estimate;
  const figuresCurrency = stage.kind === 'card' ? stage.order.currency : currency;
  const isPaid = estimate.total > 0;
  // Nothing changes under an order being created, nor once it exists ('Edit details' reopens it).
  const locked = stage.kind !== 'details' || flow.submitting;
  const payByCrypto = isPaid && paymentMethod === 'crypto';

  // "Renew automatically" goes with a card payment only: a crypto or free order never carries it.
  const onValid = (order: CheckoutInput) =>
    flow.submit(
      { ...order, autoRenew: order.autoRenew && isPaid && !payByCrypto && !isTrial },
      { couponCode: coupon.applied?.code ?? null, renewsSubscriptionId: item.renewsSubscriptionId, renewalEndsAt, currency },
      { crypto: payByCrypto, isTrial, signedIn: signedIn.current },
    );
  const onValidSavedCard = (order: CheckoutInput) =>
    flow.payWithSavedCard(
      { ...order, autoRenew: order.autoRenew && isPaid },
      { couponCode: coupon.applied?.code ?? null, renewsSubscriptionId: item.renewsSubscriptionId, renewalEndsAt, currency },
    );
  const savedCard = renewed?.savedCard && stage.kind === 'details' ? { label: savedCardLabel(renewed.savedCard), onPay: () => void form.handleSubmit(onValidSavedCard)() } : null;

  // Kept the same from render to render, so the memoized sections skip the form's renders that change neither (decision 0054).
  const hasBoxes = !isTrial && !item.renewsSubscriptionId;
  // Boxes come with a new subscription: a renewal keeps the devices it has.
  const setTopBoxes = useMemo(() => (hasBoxes ? <SetTopBoxFields form={form} deviceCount={deviceCount} /> : null), [hasBoxes, form, deviceCount]);
  // A box's subscription renews alone, at the price of the package of its period (renewsAs).
  const isBox = item.id === STREAMING_BOX_ID;
  const { data: onSale } = usePackages({ enabled: isBox, currency });
  const renewing = isBox ? renewsAs<RenewedPackage>({ duration: item.duration, price: item.price, requiresShipping: true }, onSale ?? []) : item;
  const renewalAmount = renewing ? priceOrder(parseMoney(renewing.price), deviceCount, 0, currency).subtotal : null;
  const renewal = useMemo(
    () => (isTrial || renewalAmount === null ? null : { amount: money(renewalAmount, currency), duration: item.duration, withoutBox: isBox }),
    [isTrial, renewalAmount, currency, item.duration, isBox],
  );

  const summary = (
    <OrderSummary
      item={item}
      figures={figures}
      currency={figuresCurrency}
      deviceCount={stage.kind === 'card' ? stage.order.deviceCount : deviceCount}
      couponCode={stage.kind === 'card' ? stage.order.couponCode : (coupon.applied?.code ?? null)}
    />
  );
  const renewingLine = renewed && <RenewingLine renewed={renewed} />;

  if (stage.kind === 'complete') {
    return (
      <Layout summary={summary}>
        <CheckoutComplete title={stage.title} description={flow.renewal ? <RenewalPaid extendedTo={flow.renewal.extendedTo} /> : stage.description} redirecting={stage.redirecting} />
      </Layout>
    );
  }

  return (
    <Layout summary={summary}>
      {renewingLine}
      <SignedInDetails form={form} onSignedIn={onSignedIn} />
      <form id={CHECKOUT_FORM_ID} noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)} onFocus={preloadNextSteps} aria-label={t('site.checkout.title')}>
        <fieldset disabled={locked} className="grid min-w-0 gap-6">
          <CustomerInfoSection form={form} maxDevices={maxDevices} currency={currency}>
            {setTopBoxes}
          </CustomerInfoSection>
          {item.id === STREAMING_BOX_ID && <ShippingSection form={form} />}
          {lowerSectionsShown ? (
            <>
              {!isTrial && <GiftCardSection form={form} cashback={item.cashback} />}
              {/* Nothing to discount on the free trial. */}
              {!isTrial && <CouponBox applied={coupon.applied} currency={currency} onApply={coupon.apply} onRemove={coupon.remove} checking={coupon.isChecking} disabled={locked} />}
              {isPaid && <PaymentMethodSection form={form} disabled={locked} renewal={renewal} />}
            </>
          ) : (
            <Skeleton className="h-72 rounded-2xl bg-card" />
          )}
        </fieldset>
      </form>

      {lowerSectionsShown && !isPaid && <FreeOrderIntro pending={flow.submitting} failure={flow.orderFailure} isTrial={isTrial} />}
      {lowerSectionsShown && isPaid && !payByCrypto && stage.kind === 'details' && <CardDetailsIntro pending={flow.submitting} failure={flow.orderFailure} savedCard={savedCard} />}
      {lowerSectionsShown && isPaid && payByCrypto && stage.kind === 'details' && <CryptoIntro pending={flow.submitting} failure={flow.orderFailure} />}
      {/* In the second pass, beside the payment, so it costs the first paint nothing (decisions 0095, 0097). */}
      {lowerSectionsShown && <PolicyAgreement />}

      {stage.kind === 'card' && (
        <CheckoutSection id="card-details" icon={CreditCard} title={t('checkout.card.title')} action={<EditDetailsButton onClick={flow.editDetails} />}>
          <Suspense fallback={<CardFormSkeleton />}>
            <CardPayment
              orderId={stage.order.id}
              clientSecret={stage.clientSecret}
              total={placedOrderFigures(stage.order).total}
              currency={stage.order.currency}
              onPaid={(paymentIntentId) => flow.completeCardPayment(stage.order.id, paymentIntentId)}
              onFailed={flow.reportFailure}
            />
          </Suspense>
        </CheckoutSection>
      )}
      {stage.kind === 'crypto' && (
        <CheckoutSection id="crypto-payment" icon={Bitcoin} title={t('checkout.crypto.title')} description={t('checkout.crypto.network')}>
          <Suspense fallback={<p role="status" className="text-sm text-muted-foreground">{t('checkout.crypto.loading')}</p>}>
            <CryptoPayment
              payment={stage.payment}
              orderTotal={money(estimate.total, currency)}
              onCompleted={() => flow.completeCryptoPayment(stage.payment, stage.setup)}
              onBack={flow.editDetails}
              onFailed={flow.reportFailure}
            />
          </Suspense>
        </CheckoutSection>
      )}
    </Layout>
  );
}

/** "Renewing <package> (ends <date>)", dated in the customer's zone: its own component, as SignedInDetails is (decision 0054). */
function RenewingLine({ renewed }: { renewed: Parameters<typeof renewingText>[0] }) {
  const timeZone = useRenewalTimeZone();
  return (
    <p className="rounded-xl border border-primary/40 bg-primary/10 px-4 py-3 text-sm font-semibold" data-testid="renewing">
      {renewingText(renewed, new Date(), timeZone)}
    </p>
  );
}

function RenewalPaid({ extendedTo }: { extendedTo: string | null }) {
  return <>{renewalPaidText(extendedTo, useRenewalTimeZone())}</>;
}

/**
 * A signed-in customer's details fill the fields still empty. A component of its own that
 * renders nothing, so the answer of /api/auth/me re-renders it alone, not the whole form on a
 * phone (decision 0054).
 */
function SignedInDetails({ form, onSignedIn }: { form: CheckoutForm; onSignedIn: (signedIn: boolean) => void }) {
  const customer = useCurrentCustomer();
  useEffect(() => {
    const profile = customer.data;
    onSignedIn(Boolean(profile));
    if (!profile) return;
    for (const field of PREFILLED) {
      const known = profile[field];
      if (known && !form.getValues(field)) form.setValue(field, known);
    }
  }, [customer.data, form, onSignedIn]);
  return null;
}

/** The crypto panel, told whether the store's crypto provider is the demo where it is shown (decision 0054). */
function CryptoPayment(props: Omit<ComponentProps<typeof CryptoPaymentPanel>, 'demo'>) {
  const config = useStoreConfig();
  return <CryptoPaymentPanel {...props} demo={config.data?.cryptoProvider === 'demo'} />;
}

function Layout({ summary, children }: { summary: ReactNode; children: ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
      <aside className="lg:sticky lg:top-6 lg:order-last">{summary}</aside>
      <div className="grid min-w-0 grid-cols-1 gap-6">{children}</div>
    </div>
  );
}
