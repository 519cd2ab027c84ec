import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { subscriptionDevicesResponseSchema } from '#contract/devices';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { api, messageOr } from '../../lib/api';
import { adminApiRoutes } from '../../lib/admin-api-routes';
import { useMessages } from '../../lib/i18n';
import { ActionDialog } from './ActionDialog';
import { adminDevices } from './device-scope';

const devices = (count: number) => `${count} ${count === 1 ? 'device' : 'devices'}`;

/**
 * The owner's answer to abuse: every device of one subscription off at once, and the customer
 * kept from turning any back on; 'Enable all devices' lifts it. `suspended` is whether it is on now.
 */
export function SubscriptionDevicesSwitch({ subscriptionId, deviceIds, suspended }: { subscriptionId: string; deviceIds: readonly string[]; suspended: boolean }) {
  // The admin's own words stay English; the shared dialog's and the refusal's come from the catalogue.
  const t = useMessages('devices');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const change = useMutation({
    mutationFn: () =>
      api(suspended ? adminApiRoutes.enableSubscriptionDevices(subscriptionId) : adminApiRoutes.disableSubscriptionDevices(subscriptionId), {
        method: 'POST',
        schema: subscriptionDevicesResponseSchema,
      }),
    onSuccess: (answer) => {
      toast(
        answer.suspended
          ? { title: 'Devices Disabled', description: `${devices(answer.changed)} turned off; the customer cannot turn them on.` }
          : { title: 'Devices Enabled', description: `${devices(answer.changed)} turned on again.` },
      );
      setOpen(false);
    },
    onError: (error) => toast({ title: suspended ? 'Enable Failed' : 'Disable Failed', description: messageOr(error, t('devices.changeFailed')), variant: 'destructive' }),
    onSettled: () => {
      for (const queryKey of [...adminDevices.refreshes, ...deviceIds.map(adminDevices.statusKey)]) void queryClient.invalidateQueries({ queryKey });
    },
  });
  const label = suspended ? 'Enable all devices' : 'Disable all devices';
  return (
    <>
      <Button
        type="button"
        size="sm"
        variant={suspended ? 'outline' : 'destructive'}
        onClick={() => {
          change.reset();
          setOpen(true);
        }}
      >
        {label}
      </Button>
      {open && (
        <ActionDialog
          onClose={() => setOpen(false)}
          title={suspended ? 'Enable all devices of this subscription?' : 'Disable all devices of this subscription?'}
          description={
            suspended
              ? 'Every device plays again, and the customer can turn devices off and on again.'
              : 'Every device stops playing at once and the customer cannot turn any back on until you enable them. Use this for abuse.'
          }
          confirmLabel={label}
          pendingLabel={suspended ? 'Enabling...' : 'Disabling...'}
          destructive={!suspended}
          pending={change.isPending}
          error={change.error}
          onConfirm={() => change.mutate()}
        />
      )}
    </>
  );
}
