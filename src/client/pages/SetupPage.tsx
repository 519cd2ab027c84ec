import { PagePlaceholder } from '../components/PagePlaceholder';

export default function SetupPage() {
  return <PagePlaceholder title="Complete Your Account Setup" />;
}
