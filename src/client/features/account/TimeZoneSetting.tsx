import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { customerProfileSchema } from '#contract/accounts';
import type { TimeZoneChange } from '#contract/time-zones';
import { toast } from '../../components/ui/use-toast';
import { api, messageOr } from '../../lib/api';
import { apiRoutes } from '../../lib/api-routes';
import { queryKeys } from '../../lib/query-keys';
import { formatMessage } from '../../lib/format-message';
import { useMessages } from '../../lib/i18n';

/** The browser's IANA zones, UTC among them, and the customer's own even where this browser lists it under another name. */
function zoneChoices(current: string): string[] {
  return [...new Set(['UTC', current, ...Intl.supportedValuesOf('timeZone')])].sort((a, b) => a.localeCompare(b));
}

/**
 * The account's "Time zone" (decision 0074): the zone every date of the account pages and
 * emails is written in. A native select (418 zones, typed ahead by the browser); a choice is
 * saved at once, and the signed-in customer's answer replaces the cached one, so every date
 * on the page follows it.
 */
export function TimeZoneSetting({ id, timeZone }: { id: string; timeZone: string }) {
  const t = useMessages('account');
  const queryClient = useQueryClient();
  const choices = useMemo(() => zoneChoices(timeZone), [timeZone]);
  const save = useMutation({
    mutationFn: (body: TimeZoneChange) => api(apiRoutes.accountTimeZone, { method: 'PATCH', body, schema: customerProfileSchema }),
    onSuccess: (customer) => {
      queryClient.setQueryData(queryKeys.currentCustomer, customer);
      toast({ title: t('account.timeZone.saved'), description: formatMessage('account.timeZone.savedDescription', { timeZone: customer.timeZone }) });
    },
    onError: (error) => toast({ title: t('account.notSaved'), description: messageOr(error, t('account.timeZone.notSaved')), variant: 'destructive' }),
  });
  return (
    <select
      id={id}
      className="h-9 w-full min-w-0 rounded-lg border border-input bg-background/60 px-2 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      value={save.isPending ? save.variables.timeZone : timeZone}
      disabled={save.isPending}
      onChange={(event) => save.mutate({ timeZone: event.target.value })}
    >
      {choices.map((zone) => (
        <option key={zone} value={zone}>
          {zone.replaceAll('_', ' ')}
        </option>
      ))}
    </select>
  );
}
