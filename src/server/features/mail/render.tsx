import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { UnsubscribeUrl } from './templates/layout';
import { StoreAddress } from './templates/store-address';

/** The doctype email clients expect, as React Email writes it. */
const XHTML_DOCTYPE = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * Draws a template's element as the HTML of an email, for this store and, with `unsubscribeUrl`, a reminder's footer link.
 * The templates wait for nothing, so React draws them in one synchronous pass: React Email's own
 * render() streams and waits for suspended parts, at four times the CPU of a purchase's email (decision 0043).
 */
export function renderEmailHtml(element: ReactElement, { storeUrl, unsubscribeUrl = null }: { storeUrl: string; unsubscribeUrl?: string | null }): Promise<string> {
  const body = renderToStaticMarkup(
    <StoreAddress.Provider value={storeUrl}>
      <UnsubscribeUrl.Provider value={unsubscribeUrl}>{element}</UnsubscribeUrl.Provider>
    </StoreAddress.Provider>,
  );
  return Promise.resolve(XHTML_DOCTYPE + body);
}
