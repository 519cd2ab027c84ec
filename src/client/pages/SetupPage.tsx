import { useParams } from 'wouter';
import { SetupLink } from '../features/auth';

export default function SetupPage() {
  const { token = '' } = useParams<{ token: string }>();
  return <SetupLink token={token} />;
}
