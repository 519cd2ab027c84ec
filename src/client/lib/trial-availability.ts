import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from './api';
import { queryKeys } from './query-keys';

/** The landing page starts without zod (decision 0024): the schema loads beside its call. */
const availabilitySchema = () => import('#contract/trials').then((contract) => contract.trialAvailabilitySchema);

/**
 * Whether the owner's daily trial budget is spent (decision 0101): the trial buttons (the
 * landing page's, the checkout's, the sign-up's) then say so, in the `site` area's words
 * (site.trialsPaused.*), which every page carries. While unknown, or should the call fail, the button stays as it is: the server refuses
 * a trial past the budget whatever the page showed. Asked only where a trial is at stake
 * (`forTrial`): a paid checkout or sign-up makes no call for it.
 */
export function useTrialsPaused(forTrial = true): boolean {
  const { data } = useQuery({ queryKey: queryKeys.trialAvailability, queryFn: getQueryFn({ schema: availabilitySchema }), staleTime: 60_000, enabled: forTrial });
  return data?.paused ?? false;
}
