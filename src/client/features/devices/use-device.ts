import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deviceStatusSchema } from '#contract/devices';
import { toast } from '../../components/ui/use-toast';
import { api, messageOr } from '../../lib/api';
import { t } from '../../lib/i18n';
import { commandOutcome, runDeviceCommand, type DeviceCommand } from './device-commands';
import type { DeviceScope } from './device-scope';

/** The panel is asked again this often while the device is on screen: 'online now' goes stale. */
const STATUS_REFRESH_MS = 30_000;

/** The device's live status; a failure is no retry and no error page, only 'Live status unavailable'. */
export function useDeviceStatus(deviceId: string, scope: DeviceScope) {
  return useQuery({
    queryKey: scope.statusKey(deviceId),
    queryFn: () => api(scope.routes.deviceStatus(deviceId), { schema: deviceStatusSchema }),
    refetchInterval: STATUS_REFRESH_MS,
    retry: false,
  });
}

/**
 * One device's changes: each toasts what happened (or the server's reason: a 429 says when
 * to try again, a 409 why the subscription refuses), then reads the device's status and the
 * lists that show it again.
 */
export function useDeviceCommand(deviceId: string, name: string, scope: DeviceScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (command: DeviceCommand) => runDeviceCommand(scope, deviceId, command),
    onSuccess: (_answer, command) => {
      const { done, description } = commandOutcome(command, name);
      toast({ title: done, description });
    },
    onError: (error, command) => toast({ title: commandOutcome(command, name).failed, description: messageOr(error, t('devices.changeFailed')), variant: 'destructive' }),
    onSettled: () => {
      for (const queryKey of [scope.statusKey(deviceId), ...scope.refreshes]) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
