import { Mail } from 'lucide-react';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { Switch } from '../../components/ui/switch';
import { toast } from '../../components/ui/use-toast';
import { messageOr } from '../../lib/api';
import { useMessages } from '../../lib/i18n';
import { useEmailPreferences, useSaveEmailPreferences } from './use-email-preferences';

/** The account's email preferences: reminder and offer emails on or off (decision 0040). */
export function EmailPreferencesCard() {
  const t = useMessages('account');
  const preferences = useEmailPreferences();
  const save = useSaveEmailPreferences();
  const on = save.isPending ? save.variables.reminders : preferences.data?.reminders;

  const change = (reminders: boolean) =>
    save.mutate(
      { reminders },
      {
        onSuccess: () =>
          toast({ title: t('account.emails.saved'), description: reminders ? t('account.emails.savedOn') : t('account.emails.savedOff') }),
        onError: (error) => toast({ title: t('account.notSaved'), description: messageOr(error, t('account.emails.notSaved')), variant: 'destructive' }),
      },
    );

  return (
    <Card data-testid="email-preferences">
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-bold leading-tight tracking-tight">
          <Mail className="size-5 text-accent" aria-hidden="true" />
          {t('account.emails.title')}
        </h2>
      </CardHeader>
      <CardContent>
        {preferences.isPending ? (
          <Skeleton className="h-16" />
        ) : preferences.isError || on === undefined ? (
          <p className="text-sm text-destructive" role="alert">{t('account.emails.loadFailed')}</p>
        ) : (
          <div className="flex items-start justify-between gap-4">
            <div className="min-w-0">
              <p id="reminder-emails-label" className="font-semibold">
                {t('account.emails.reminders')}
              </p>
              <p id="reminder-emails-description" className="text-sm text-muted-foreground">
                {t('account.emails.remindersDescription')}
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
