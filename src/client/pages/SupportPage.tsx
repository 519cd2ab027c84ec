import { ContactSupport } from '../features/support';

/** /support: the guest's form, reached from the landing page's Contact Us and Help Center (decision 0102). */
export default function SupportPage() {
  return <ContactSupport />;
}
