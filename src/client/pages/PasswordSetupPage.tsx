import { PagePlaceholder } from '../components/PagePlaceholder';

export default function PasswordSetupPage() {
  return <PagePlaceholder title="Set Up Your Password" />;
}
