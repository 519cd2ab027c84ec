import { PagePlaceholder } from '../components/PagePlaceholder';

export default function AdminPage() {
  return <PagePlaceholder title="Admin Dashboard" />;
}
