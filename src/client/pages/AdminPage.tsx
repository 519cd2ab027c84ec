import { AdminGate } from '../features/admin/AdminGate';
import { OverviewDashboard } from '../features/admin/OverviewDashboard';

export default function AdminPage() {
  return (
    <AdminGate announceDenial={false}>
      <OverviewDashboard />
    </AdminGate>
  );
}
