import { AdminGate } from '../features/admin/AdminGate';
import { CustomerManagement } from '../features/admin/CustomerManagement';

export default function AdminDashboardPage() {
  return (
    <AdminGate announceDenial>
      <CustomerManagement />
    </AdminGate>
  );
}
