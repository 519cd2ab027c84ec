import { Suspense, type ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { demoCardSchema } from '#contract/checkout';
import { formatCardNumber, formatCvc, formatExpiry } from './card-format';
import { FormField, invalidProps } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { useMessages } from '../../lib/i18n';

const CARD_NUMBER_EXAMPLE = '1234 1234 1234 1234';
const CVC_EXAMPLE = '123';

type DemoCardForm = UseFormReturn<z.input<typeof demoCardSchema>, unknown, z.output<typeof demoCardSchema>>;

/** A test card of the demo card network, and what it does. */
interface TestCard {
  number: string;
  outcome: string;
}

interface DemoCardFieldsProps {
  form: DemoCardForm;
  idPrefix: string;
  title: string;
  intro?: string;
  /** The note's icon, given by the page (an icon imported here would join every page's icon chunk). */
  icon?: ReactNode;
  testCards: readonly TestCard[];
}

/**
 * The demo card network's note and fields (D7): its test cards, a click fills one in, then
 * card number, expiry and CVC, each formatted as typed. Checkout pays with them; the account
 * saves a card with them ("Update card"), on a page that may not have the payment area's
 * words yet: they load here, in place, without suspending the page around (decision 0106).
 */
export function DemoCardFields(props: DemoCardFieldsProps) {
  return (
    <Suspense fallback={<Skeleton className="h-56 w-full" />}>
      <CardFields {...props} />
    </Suspense>
  );
}

function CardFields({
  form,
  idPrefix,
  title,
  intro,
  icon,
  testCards,
}: DemoCardFieldsProps) {
  const t = useMessages('payment');
  const { errors } = form.formState;
  const cardNumber = form.register('cardNumber');
  const expiry = form.register('expiry');
  const cvc = form.register('cvc');
  // Card numbers and dates read left to right in every language: in Arabic the groups would swap places (decision 0112).
  const ids = { number: `${idPrefix}-number`, expiry: `${idPrefix}-expiry`, cvc: `${idPrefix}-cvc` };
  return (
    <>
      <div role="note" className="flex gap-3 rounded-xl border border-warning/40 bg-warning/10 p-3 text-sm sm:p-4">
        {icon}
        <div>
          <p className="font-semibold text-warning">{title}</p>
          {intro && <p className="mt-1 text-muted-foreground">{intro}</p>}
          <ul className="mt-2 grid gap-1">
            {testCards.map((card) => (
              <li key={card.number}>
                <button
                  type="button"
                  dir="ltr"
                  className="tabular font-mono text-foreground underline decoration-dotted underline-offset-4 hover:text-accent"
                  onClick={() => form.setValue('cardNumber', card.number, { shouldValidate: form.formState.isSubmitted })}
                >
                  {card.number}
                </button>{' '}
                <span className="text-muted-foreground">{card.outcome}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <FormField id={ids.number} label={t('payment.card.number')} error={errors.cardNumber?.message}>
        <Input
          dir="ltr"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder={CARD_NUMBER_EXAMPLE}
          className="tabular font-mono"
          {...invalidProps(ids.number, errors.cardNumber?.message)}
          {...cardNumber}
          onChange={(event) => {
            event.target.value = formatCardNumber(event.target.value);
            void cardNumber.onChange(event);
          }}
        />
      </FormField>
      <div className="grid grid-cols-2 gap-4">
        <FormField id={ids.expiry} label={t('payment.card.expiry')} error={errors.expiry?.message}>
          <Input
            dir="ltr"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder={t('payment.card.expiryPlaceholder')}
            className="tabular font-mono"
            {...invalidProps(ids.expiry, errors.expiry?.message)}
            {...expiry}
            onChange={(event) => {
              event.target.value = formatExpiry(event.target.value);
              void expiry.onChange(event);
            }}
          />
        </FormField>
        <FormField id={ids.cvc} label={t('payment.card.cvc')} error={errors.cvc?.message}>
          <Input
            dir="ltr"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder={CVC_EXAMPLE}
            className="tabular font-mono"
            {...invalidProps(ids.cvc, errors.cvc?.message)}
            {...cvc}
            onChange={(event) => {
              event.target.value = formatCvc(event.target.value);
              void cvc.onChange(event);
            }}
          />
        </FormField>
      </div>
    </>
  );
}
