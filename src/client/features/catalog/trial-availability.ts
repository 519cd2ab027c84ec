import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** The landing page starts without zod (decision 0024): the schema loads beside its call. */
const availabilitySchema = () => import('#contract/trials').then((contract) => contract.trialAvailabilitySchema);

/**
 * Whether the owner's daily trial budget is spent (decision 0101): the trial button then says
 * so. While unknown, or should the call fail, the button stays as it is: the server refuses
 * a trial past the budget whatever the page showed.
 */
export function useTrialsPaused(): boolean {
  const { data } = useQuery({ queryKey: queryKeys.trialAvailability, queryFn: getQueryFn({ schema: availabilitySchema }), staleTime: 60_000 });
  return data?.paused ?? false;
}
