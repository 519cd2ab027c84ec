import { AdminGate, OverviewDashboard } from '../features/admin';

export default function AdminPage() {
  return (
    <AdminGate announceDenial={false}>
      <OverviewDashboard />
    </AdminGate>
  );
}
