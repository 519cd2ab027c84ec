import { useParams } from 'wouter';
import { CryptoInvoiceView } from '../features/checkout';

/** /pay/crypto/:paymentId: a crypto renewal invoice of the demo provider (issue 21 point 4). */
export default function CryptoInvoicePage() {
  const { paymentId = '' } = useParams<{ paymentId: string }>();
  return <CryptoInvoiceView paymentId={paymentId} />;
}
