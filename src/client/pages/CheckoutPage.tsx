import { PagePlaceholder } from '../components/PagePlaceholder';

export default function CheckoutPage() {
  return <PagePlaceholder title="Checkout" />;
}
