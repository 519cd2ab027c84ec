import { useLocation } from 'wouter';
import { isPolicyName } from '#contract/policy-paths';
import { PolicyView } from '../features/policies';
import NotFoundPage from './NotFoundPage';

/** /terms, /privacy and /refund-policy: one page, the path naming the policy (decision 0097). */
export default function PolicyPage() {
  const [location] = useLocation();
  const name = location.slice(1);
  return isPolicyName(name) ? <PolicyView name={name} /> : <NotFoundPage />;
}
