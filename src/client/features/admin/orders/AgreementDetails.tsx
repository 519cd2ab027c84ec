import type { AdminOrderDetail } from '#contract/admin-orders';
import { POLICY_TITLES } from '#contract/policy-paths';
import { PolicyHtml } from '../../../components/PolicyHtml';
import { adminDateTime } from '../shared/admin-view';
import { DetailField } from '../shared/DetailField';
import { useStoreTimeZone } from '../shared/store-time-zone';

/**
 * What the buyer agreed to by paying (decision 0097): each policy's version with the text as it
 * was shown, and the checkout's address, browser and time, for a dispute. An order placed by the
 * store itself (an automatic renewal), or before agreements were kept, has none.
 */
export function AgreementDetails({ detail }: { detail: Pick<AdminOrderDetail, 'policiesAccepted' | 'agreement'> }) {
  const timeZone = useStoreTimeZone();
  const { policiesAccepted, agreement } = detail;
  if (!agreement && policiesAccepted.length === 0) return <p className="text-sm text-muted-foreground">No agreement recorded: the order was not placed by a buyer at the checkout.</p>;
  return (
    <div className="grid min-w-0 gap-3">
      {agreement && (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">
          <DetailField label="Agreed">
            <time dateTime={agreement.acceptedAt}>{adminDateTime(agreement.acceptedAt, timeZone)}</time>
          </DetailField>
          <DetailField label="IP address">
            <span className="break-all font-mono text-xs">{agreement.ipAddress}</span>
          </DetailField>
          <DetailField label="User agent">
            <span className="break-all text-xs">{agreement.userAgent || 'None sent'}</span>
          </DetailField>
        </dl>
      )}
      <ul className="grid gap-2 text-sm" aria-label="Policies accepted">
        {policiesAccepted.map((policy) => (
          <li key={policy.name} className="min-w-0 rounded-lg bg-muted/40 p-2">
            <details>
              <summary className="cursor-pointer font-medium">
                {POLICY_TITLES[policy.name]}, version {policy.version}
              </summary>
              <PolicyHtml html={policy.html} className="mt-2" />
            </details>
          </li>
        ))}
      </ul>
    </div>
  );
}
