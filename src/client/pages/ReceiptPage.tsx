import { useParams } from 'wouter';
import { AccountGate, ReceiptView } from '../features/account';
import { useMessages } from '../lib/i18n';
import { useDocumentTitle } from '../lib/use-document-title';

/** /account/receipts/:orderId: a payment's printable receipt, for its signed-in customer only. */
export default function ReceiptPage() {
  const { orderId = '' } = useParams<{ orderId: string }>();
  const t = useMessages('pages');
  useDocumentTitle(t('pages.receipt.title'));
  return <AccountGate>{() => <ReceiptView orderId={orderId} />}</AccountGate>;
}
