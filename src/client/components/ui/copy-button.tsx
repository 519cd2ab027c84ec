import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { DEFAULT_LOCALE } from '#domain/locales';
import { formatMessage } from '../../lib/format-message';
import { pageLocale, t } from '../../lib/i18n';
import { Button } from './button';
import { toast } from './use-toast';

/** The Clipboard API where the page may use it; a selected hidden field otherwise. */
async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // permission refused: try the older way
    }
  }
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.style.position = 'fixed';
  field.style.opacity = '0';
  document.body.append(field);
  field.select();
  const copied = document.execCommand('copy');
  field.remove();
  if (!copied) throw new Error('Copy refused');
}

/**
 * An icon button with an accessible name ('Copy username' ...) that confirms with 'Copied!', in
 * the page's language from the site area every page carries (decision 0106); the admin's
 * pages are English, so it keeps the spec's words there. The caller names `label` and `what`
 * in the page's language.
 */
export function CopyButton({ value, label, what }: { value: string; label: string; what: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await copyText(value);
      setCopied(true);
      toast({ title: t('site.copy.copied'), description: formatMessage('site.copy.copiedText', { what }) });
    } catch {
      // English writes the name in lower case inside its sentence; the other languages' sentences
      // put it where its own capital is right (a German noun keeps it).
      const named = pageLocale() === DEFAULT_LOCALE ? what.toLowerCase() : what;
      toast({ title: t('site.copy.failed'), description: formatMessage('site.copy.failedText', { what: named }), variant: 'destructive' });
    }
  };

  return (
    <Button type="button" variant="ghost" size="icon" className="size-8 shrink-0 text-muted-foreground hover:text-foreground" aria-label={label} title={label} onClick={() => void copy()}>
      {copied ? <Check className="text-success" aria-hidden="true" /> : <Copy aria-hidden="true" />}
    </Button>
  );
}
