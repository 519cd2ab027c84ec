import { Send } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { toast } from '../../components/ui/use-toast';
import { formatSubscriptionDate } from '../../lib/customer-dates';
import { messageOr } from '../../lib/api';
import { useTelegramLink, useTelegramStatus, useUnlinkTelegram } from './use-telegram';

/**
 * The account's Telegram chat (decision 0103): linked or not, a one-time link to open in
 * Telegram, and unlinking. A store without a bot shows nothing, so nothing is drawn until
 * the answer says whether it has one.
 */
export function TelegramCard({ timeZone }: { timeZone: string }) {
  const link = useTelegramLink();
  const unlink = useUnlinkTelegram();
  const status = useTelegramStatus(link.isSuccess);

  if (status.isPending || status.data?.enabled === false) return null;

  const remove = () =>
    unlink.mutate(undefined, {
      onSuccess: ({ message }) => {
        link.reset();
        toast({ title: 'Telegram Unlinked', description: message });
      },
      onError: (error) => toast({ title: 'Not Unlinked', description: messageOr(error, 'Telegram could not be unlinked.'), variant: 'destructive' }),
    });

  return (
    <Card data-testid="telegram">
      <CardHeader>
        <h2 className="flex flex-wrap items-center gap-2 text-lg font-bold leading-tight tracking-tight">
          <Send className="size-5 text-accent" aria-hidden="true" />
          Telegram
          {status.data?.demo && <Badge variant="warning">Demo</Badge>}
        </h2>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {status.isError ? (
          <p className="text-destructive" role="alert">
            Your Telegram settings could not be loaded.
          </p>
        ) : status.data.linked ? (
          <>
            <p role="status">
              <span className="font-semibold">Linked</span>
              {status.data.linkedAt && <span className="text-muted-foreground"> since {formatSubscriptionDate(status.data.linkedAt, timeZone)}</span>}. Reminders,
              renewal results and support replies arrive in Telegram as well as by email.
            </p>
            <Button type="button" variant="outline" className="w-full sm:w-auto" disabled={unlink.isPending} onClick={remove}>
              {unlink.isPending ? 'Unlinking...' : 'Unlink Telegram'}
            </Button>
          </>
        ) : (
          <>
            <p role="status">
              <span className="font-semibold">Not linked.</span>{' '}
              <span className="text-muted-foreground">Get reminders, renewal results and support replies in Telegram as well as by email. No phone number needed.</span>
            </p>
            {link.isSuccess ? (
              <div className="grid gap-2">
                <Button asChild className="w-full sm:w-auto">
                  <a href={link.data.url} target="_blank" rel="noopener noreferrer">
                    Open Telegram and press Start
                  </a>
                </Button>
                <p className="text-muted-foreground">This link works once, for 30 minutes. This card updates when your chat is linked.</p>
              </div>
            ) : (
              <Button type="button" className="w-full sm:w-auto" disabled={link.isPending} onClick={() => link.mutate()}>
                {link.isPending ? 'Making your link...' : 'Link Telegram'}
              </Button>
            )}
            {link.isError && (
              <p className="text-destructive" role="alert">
                {messageOr(link.error, 'Your Telegram link could not be made. Please try again.')}
              </p>
            )}
          </>
        )}
        {status.data?.demo && (
          <section aria-labelledby="telegram-demo-messages" className="grid gap-2 rounded-lg border border-border p-3">
            <h3 id="telegram-demo-messages" className="font-semibold">
              Demo bot: messages kept instead of sent
            </h3>
            {status.data.demoMessages.length === 0 ? (
              <p className="text-muted-foreground">No messages yet.</p>
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
