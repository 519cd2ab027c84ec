import { KeyRound } from 'lucide-react';
import type { AdminCustomerRecord } from '#contract/admin';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog';
import { RecordCredentials } from './RecordCredentials';

/** A table row's 'View Credentials' button and the dialog it opens. */
export function CredentialsDialog({ record }: { record: AdminCustomerRecord }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <KeyRound aria-hidden="true" />
          View Credentials
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Device Credentials</DialogTitle>
          <DialogDescription className="break-words">
            {record.customerName} - {record.packageName} ({record.customerEmail})
          </DialogDescription>
        </DialogHeader>
        <RecordCredentials
          record={record}
          empty={<p className="rounded-xl border border-warning/30 bg-warning/10 p-3 text-sm text-warning">No device credentials found for this subscription. They may still be generating.</p>}
        />
      </DialogContent>
    </Dialog>
  );
}
