import { PagePlaceholder } from '../components/PagePlaceholder';

export default function AccountPage() {
  return <PagePlaceholder title="My Account" />;
}
