import { AdminGate, CustomerManagement } from '../features/admin';

export default function AdminDashboardPage() {
  return (
    <AdminGate announceDenial>
      <CustomerManagement />
    </AdminGate>
  );
}
