import { PagePlaceholder } from '../components/PagePlaceholder';

export default function AdminLoginPage() {
  return <PagePlaceholder title="Administrator Access Only" />;
}
