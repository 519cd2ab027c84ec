import { useSearch } from 'wouter';
import { UnsubscribeLink } from '../features/email-preferences';

/** /unsubscribe?token=: the link of a reminder email (decision 0040). */
export default function UnsubscribePage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  return <UnsubscribeLink token={token} />;
}
