import { Mail } from 'lucide-react';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { Switch } from '../../components/ui/switch';
import { toast } from '../../components/ui/use-toast';
import { messageOr } from '../../lib/api';
import { useEmailPreferences, useSaveEmailPreferences } from './use-email-preferences';

/** The account's email preferences: reminder and offer emails on or off (decision 0040). */
export function EmailPreferencesCard() {
  const preferences = useEmailPreferences();
  const save = useSaveEmailPreferences();
  const on = save.isPending ? save.variables.reminders : preferences.data?.reminders;

  const change = (reminders: boolean) =>
    save.mutate(
      { reminders },
      {
        onSuccess: () =>
          toast({ title: 'Email Preferences Saved', description: reminders ? 'Reminder and offer emails are on.' : 'Reminder and offer emails are off.' }),
        onError: (error) => toast({ title: 'Not Saved', description: messageOr(error, 'Your email preferences could not be saved.'), variant: 'destructive' }),
      },
    );

  return (
    <Card data-testid="email-preferences">
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-bold leading-tight tracking-tight">
          <Mail className="size-5 text-accent" aria-hidden="true" />
          Email Preferences
        </h2>
      </CardHeader>
      <CardContent>
        {preferences.isPending ? (
          <Skeleton className="h-16" />
        ) : preferences.isError || on === undefined ? (
          <p className="text-sm text-destructive" role="alert">Your email preferences could not be loaded.</p>
        ) : (
          <div className="flex items-start justify-between gap-4">
            <div className="min-w-0">
              <p id="reminder-emails-label" className="font-semibold">
                Reminder and offer emails
              </p>
              <p id="reminder-emails-description" className="text-sm text-muted-foreground">
                Reminders before a subscription expires, and offers. Receipts, renewal and payment notices, password links and refunds always arrive.
              </p>
            </div>
            <Switch
              checked={on}
              aria-labelledby="reminder-emails-label"
              aria-describedby="reminder-emails-description"
              disabled={save.isPending}
              onClick={() => change(!on)}
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
