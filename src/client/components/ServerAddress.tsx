import { Server } from 'lucide-react';
import { useMessages } from '../lib/i18n';
import { CopyButton } from './ui/copy-button';

/**
 * The address every device of a subscription shares, with its copy button: the account's and
 * the admin's customer view, in the devices area's words (English in the admin, decision 0111).
 */
export function ServerAddress({ url }: { url: string }) {
  const t = useMessages('devices');
  return (
    <div className="flex items-center gap-2 rounded-xl border border-border bg-background/60 py-1 ps-3 pe-1">
      <Server className="size-4 shrink-0 text-accent" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="text-[11px] font-medium uppercase tracking-wide text-muted-foreground">{t('devices.serverAddress')}</p>
        <p dir="ltr" className="truncate font-mono text-sm" data-testid="server-address" title={url}>
          {url}
        </p>
      </div>
      <CopyButton value={url} label={t('devices.copyServerAddress')} what={t('devices.serverAddressWhat')} />
    </div>
  );
}
