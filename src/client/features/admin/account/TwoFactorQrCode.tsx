import { useEffect, useState } from 'react';
import { Skeleton } from '../../../components/ui/skeleton';

/**
 * The otpauth:// address as a QR code, drawn as SVG by qrcode's string output (no canvas),
 * in the browser that already holds the secret; the encoder loads only here (decision 0096).
 */
export function TwoFactorQrCode({ otpauthUrl }: { otpauthUrl: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    import('qrcode')
      .then((QRCode) => QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((drawn) => current && setSvg(drawn))
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [otpauthUrl]);

  if (failed) return <p className="text-sm text-destructive">The QR code could not be drawn. Type the key below into your app instead.</p>;
  if (!svg) return <Skeleton className="size-48" />;
  return (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      width={192}
      height={192}
      alt="QR code to add this store's admin sign-in to an authenticator app"
      className="size-48 rounded-lg bg-white p-2"
    />
  );
}
