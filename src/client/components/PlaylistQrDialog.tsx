import { QrCode } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from './ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from './ui/dialog';
import { Skeleton } from './ui/skeleton';

/** The QR image of a playlist URL; the encoder loads only when a customer asks for a code. */
function PlaylistQrImage({ url, deviceName }: { url: string; deviceName: string }) {
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

  if (failed) return <p className="text-sm text-destructive">The QR code could not be drawn. Copy the playlist URL instead.</p>;
  if (!image) return <Skeleton className="size-64" />;
  return <img src={image} width={256} height={256} alt={`QR code of the playlist URL for ${deviceName}`} className="size-64 rounded-lg bg-white p-2" />;
}

export function PlaylistQrDialog({ url, deviceName }: { url: string; deviceName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="ghost" size="icon" className="size-8 shrink-0 text-muted-foreground hover:text-foreground" aria-label="Show playlist QR code" title="Show playlist QR code">
          <QrCode aria-hidden="true" />
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-sm">
        <DialogHeader>
          <DialogTitle>{deviceName} playlist</DialogTitle>
          <DialogDescription>Scan this code with a TV app that accepts an M3U playlist URL.</DialogDescription>
        </DialogHeader>
        <div className="flex justify-center">{open && <PlaylistQrImage url={url} deviceName={deviceName} />}</div>
      </DialogContent>
    </Dialog>
  );
}
