import { QrCode } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from './ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from './ui/dialog';
import { Skeleton } from './ui/skeleton';

/** The links a TV app can scan: a device's M3U playlist and its XMLTV guide. */
const LINKS = {
  playlist: { name: 'playlist', format: 'an M3U playlist URL' },
  guide: { name: 'TV guide', format: 'an XMLTV guide URL' },
} as const;

type LinkKind = keyof typeof LINKS;

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

  const { name } = LINKS[kind];
  if (failed) return <p className="text-sm text-destructive">The QR code could not be drawn. Copy the {name} URL instead.</p>;
  if (!image) return <Skeleton className="size-64" />;
  return <img src={image} width={256} height={256} alt={`QR code of the ${name} URL for ${deviceName}`} className="size-64 rounded-lg bg-white p-2" />;
}

/** The QR button beside a device's playlist or guide link, and the dialog it opens. */
export function LinkQrDialog({ url, deviceName, kind }: { url: string; deviceName: string; kind: LinkKind }) {
  const [open, setOpen] = useState(false);
  const { name, format } = LINKS[kind];
  const label = `Show ${name} QR code`;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="ghost" size="icon" className="size-8 shrink-0 text-muted-foreground hover:text-foreground" aria-label={label} title={label}>
          <QrCode aria-hidden="true" />
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-sm">
        <DialogHeader>
          <DialogTitle>
            {deviceName} {name}
          </DialogTitle>
          <DialogDescription>Scan this code with a TV app that accepts {format}.</DialogDescription>
        </DialogHeader>
        <div className="flex justify-center">{open && <LinkQrImage url={url} deviceName={deviceName} kind={kind} />}</div>
      </DialogContent>
    </Dialog>
  );
}
