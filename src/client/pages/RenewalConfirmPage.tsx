import { useParams, useSearch } from 'wouter';
import { RenewalConfirm } from '../features/renewals';

/** /renewals/:id/confirm?token=: the link of the "Confirm your renewal payment" email (issue 21 point 2). */
export default function RenewalConfirmPage() {
  const { id = '' } = useParams<{ id: string }>();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  return <RenewalConfirm renewalId={id} token={token} />;
}
