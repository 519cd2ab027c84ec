import { useParams } from 'wouter';
import { AccountGate, ReceiptView } from '../features/account';
import { useDocumentTitle } from '../lib/use-document-title';

/** /account/receipts/:orderId: a payment's printable receipt, for its signed-in customer only. */
export default function ReceiptPage() {
  const { orderId = '' } = useParams<{ orderId: string }>();
  useDocumentTitle('Receipt');
  return <AccountGate>{() => <ReceiptView orderId={orderId} />}</AccountGate>;
}
