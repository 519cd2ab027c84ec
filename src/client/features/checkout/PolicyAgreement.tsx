import { policyPage, type PolicyName } from '#contract/policy-paths';
import { t } from '../../lib/i18n';
import { messageParts } from '../../lib/message-parts';

function PolicyLink({ name, children }: { name: PolicyName; children: string }) {
  // A new tab keeps the buyer's form as it is.
  return (
    <a href={policyPage(name)} target="_blank" rel="noopener noreferrer" className="text-accent underline underline-offset-4 hover:text-foreground">
      {children}
      <span className="sr-only"> {t('payment.newTab')}</span>
    </a>
  );
}

/**
 * What a buyer agrees to by paying (decision 0097). The server records the versions in force
 * when the order is placed, with the buyer's address and browser; this sentence says so.
 */
export function PolicyAgreement() {
  return (
    <p className="text-center text-sm text-muted-foreground" data-testid="policy-agreement">
      {messageParts('payment.policy.sentence', {
        terms: <PolicyLink name="terms">{t('payment.policy.terms')}</PolicyLink>,
        refund: <PolicyLink name="refund-policy">{t('payment.policy.refund')}</PolicyLink>,
      })}
    </p>
  );
}
