import { Badge } from '../../components/ui/badge';
import { adminStatusBadge } from './admin-view';

export function AdminStatusBadge({ status }: { status: string }) {
  const { label, variant } = adminStatusBadge(status);
  return (
    <Badge variant={variant} className="capitalize" data-testid="admin-status">
      {label}
    </Badge>
  );
}
