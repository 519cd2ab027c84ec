import { useParams, useSearch } from 'wouter';
import { RenewalConfirm } from '../features/renewals';

/** /renewals/:id/confirm?token=: the link of the "Confirm your renewal payment" email (decision 0045). */
export default function RenewalConfirmPage() {
  const { id = '' } = useParams<{ id: string }>();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  return <RenewalConfirm renewalId={id} token={token} />;
}
