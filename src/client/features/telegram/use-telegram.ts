import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '#contract/accounts';
import { telegramLinkSchema, telegramStatusSchema, type TelegramStatus } from '#contract/telegram';
import { api, getQueryFn } from '../../lib/api';
import { apiRoutes } from '../../lib/api-routes';
import { queryKeys } from '../../lib/query-keys';

/** How often the card asks whether the chat is linked while a link is open in Telegram. */
const WAITING_FOR_START_MS = 3_000;

/** The account's Telegram chat; asked again every few seconds while `waiting` for the customer to press Start. */
export function useTelegramStatus(waiting: boolean) {
  return useQuery({
    queryKey: queryKeys.telegram,
    queryFn: getQueryFn({ schema: telegramStatusSchema }),
    refetchInterval: (query: { state: { data?: TelegramStatus } }) => (waiting && query.state.data?.linked === false ? WAITING_FOR_START_MS : false),
  });
}

/** A new one-time deep link (decision 0103). */
export function useTelegramLink() {
  return useMutation({ mutationFn: () => api(apiRoutes.telegramLink, { method: 'POST', schema: telegramLinkSchema }) });
}

export function useUnlinkTelegram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(apiRoutes.telegram, { method: 'DELETE', schema: messageResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.telegram }),
  });
}
