import { QrCode } from 'lucide-react';
import { useEffect, useState } from 'react';
import { formatMessage } from '../lib/format-message';
import { useMessages } from '../lib/i18n';
import { formatIsolated } from '../lib/isolated-message';
import { Button } from './ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from './ui/dialog';
import { Skeleton } from './ui/skeleton';

/**
 * The links a TV app can scan: a device's M3U playlist and its XMLTV guide, each with its own
 * sentences in the devices area (the account's, and the admin's in English, decision 0111):
 * a language names a playlist and a guide with other words and genders.
 */
type LinkKind = 'playlist' | 'guide';
const words = (kind: LinkKind, what: 'show' | 'title' | 'description' | 'alt' | 'failed') => `devices.qr.${kind}.${what}`;

/** The QR image of a link; the encoder loads only when a customer asks for a code. */
function LinkQrImage({ url, deviceName, kind }: { url: string; deviceName: string; kind: LinkKind }) {
  const [image, setImage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    import('qrcode')
      .then((QRCode) => QRCode.toDataURL(url, { margin: 1, width: 256, errorCorrectionLevel: 'M' }))
      .then((dataUrl) => current && setImage(dataUrl))
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [url]);

  const t = useMessages('devices');
  if (failed) return <p className="text-sm text-destructive">{t(words(kind, 'failed'))}</p>;
  if (!image) return <Skeleton className="size-64" />;
  return <img src={image} width={256} height={256} alt={formatMessage(words(kind, 'alt'), { device: deviceName })} className="size-64 rounded-lg bg-white p-2" />;
}

/** The QR button beside a device's playlist or guide link, and the dialog it opens. */
export function LinkQrDialog({ url, deviceName, kind }: { url: string; deviceName: string; kind: LinkKind }) {
  const [open, setOpen] = useState(false);
  const t = useMessages('devices');
  const label = t(words(kind, 'show'));
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="ghost" size="icon" className="size-8 shrink-0 text-muted-foreground hover:text-foreground" aria-label={label} title={label}>
          <QrCode aria-hidden="true" />
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-sm">
        <DialogHeader>
          <DialogTitle>{formatIsolated(words(kind, 'title'), { device: deviceName })}</DialogTitle>
          <DialogDescription>{t(words(kind, 'description'))}</DialogDescription>
        </DialogHeader>
        <div className="flex justify-center">{open && <LinkQrImage url={url} deviceName={deviceName} kind={kind} />}</div>
      </DialogContent>
    </Dialog>
  );
}
