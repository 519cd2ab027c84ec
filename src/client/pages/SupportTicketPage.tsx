import { useParams } from 'wouter';
import { TicketByLink } from '../features/support';

/** /support/ticket/:id: a ticket by its emailed link (decision 0102). */
export default function SupportTicketPage() {
  const { id = '' } = useParams<{ id: string }>();
  return <TicketByLink ticketId={id} />;
}
