import { Send } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { toast } from '../../components/ui/use-toast';
import { formatSubscriptionDate } from '../../lib/customer-dates';
import { messageOr } from '../../lib/api';
import { useMessages } from '../../lib/i18n';
import { formatIsolated } from '../../lib/isolated-message';
import { useTelegramLink, useTelegramStatus, useUnlinkTelegram } from './use-telegram';

/**
 * The account's Telegram chat (decision 0103): linked or not, a one-time link to open in
 * Telegram, and unlinking. A store without a bot shows nothing, so nothing is drawn until
 * the answer says whether it has one.
 */
export function TelegramCard({ timeZone }: { timeZone: string }) {
  const t = useMessages('account');
  const link = useTelegramLink();
  const unlink = useUnlinkTelegram();
  const status = useTelegramStatus(link.isSuccess);

  if (status.isPending || status.data?.enabled === false) return null;

  const remove = () =>
    unlink.mutate(undefined, {
      onSuccess: ({ message }) => {
        link.reset();
        toast({ title: t('account.telegram.unlinked'), description: message });
      },
      onError: (error) => toast({ title: t('account.telegram.notUnlinked'), description: messageOr(error, t('account.telegram.notUnlinkedDescription')), variant: 'destructive' }),
    });

  return (
    <Card data-testid="telegram">
      <CardHeader>
        <h2 className="flex flex-wrap items-center gap-2 text-lg font-bold leading-tight tracking-tight">
          <Send className="size-5 text-accent" aria-hidden="true" />
          {t('account.telegram.title')}
          {status.data?.demo && <Badge variant="warning">{t('account.telegram.demo')}</Badge>}
        </h2>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {status.isError ? (
          <p className="text-destructive" role="alert">
            {t('account.telegram.loadFailed')}
          </p>
        ) : status.data.linked ? (
          <>
            <p role="status">
              <span className="font-semibold">{t('account.telegram.linked')}</span>
              {status.data.linkedAt && (
                <span className="text-muted-foreground"> {formatIsolated('account.telegram.since', { date: formatSubscriptionDate(status.data.linkedAt, timeZone) })}</span>
              )}
              {/* The sentence's end, its full stop first: it follows "Linked" or "since ..." (decision 0111). */}
              {t('account.telegram.linkedEnd')}
            </p>
            <Button type="button" variant="outline" className="w-full sm:w-auto" disabled={unlink.isPending} onClick={remove}>
              {unlink.isPending ? t('account.telegram.unlinking') : t('account.telegram.unlink')}
            </Button>
          </>
        ) : (
          <>
            <p role="status">
              <span className="font-semibold">{t('account.telegram.notLinked')}</span>{' '}
              <span className="text-muted-foreground">{t('account.telegram.notLinkedDescription')}</span>
            </p>
            {link.isSuccess ? (
              <div className="grid gap-2">
                <Button asChild className="w-full sm:w-auto">
                  <a href={link.data.url} target="_blank" rel="noopener noreferrer">
                    {t('account.telegram.open')}
                  </a>
                </Button>
                <p className="text-muted-foreground">{t('account.telegram.linkOnce')}</p>
              </div>
            ) : (
              <Button type="button" className="w-full sm:w-auto" disabled={link.isPending} onClick={() => link.mutate()}>
                {link.isPending ? t('account.telegram.making') : t('account.telegram.link')}
              </Button>
            )}
            {link.isError && (
              <p className="text-destructive" role="alert">
                {messageOr(link.error, t('account.telegram.linkFailed'))}
              </p>
            )}
          </>
        )}
        {status.data?.demo && (
          <section aria-labelledby="telegram-demo-messages" className="grid gap-2 rounded-lg border border-border p-3">
            <h3 id="telegram-demo-messages" className="font-semibold">
              {t('account.telegram.demoMessages')}
            </h3>
            {status.data.demoMessages.length === 0 ? (
              <p className="text-muted-foreground">{t('account.telegram.noMessages')}</p>
            ) : (
              <ul className="grid gap-2">
                {status.data.demoMessages.map((message) => (
                  <li key={`${message.createdAt}:${message.text}`} className="whitespace-pre-line break-words text-muted-foreground">
                    {message.text}
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
      </CardContent>
    </Card>
  );
}
