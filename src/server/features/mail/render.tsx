import { render } from '@react-email/render';
import type { ReactElement } from 'react';
import { UnsubscribeUrl } from './templates/layout';
import { StoreAddress } from './templates/store-address';

/** Draws a template's element as the HTML of an email, for this store and, with `unsubscribeUrl`, a reminder's footer link. */
export function renderEmailHtml(element: ReactElement, { storeUrl, unsubscribeUrl = null }: { storeUrl: string; unsubscribeUrl?: string | null }): Promise<string> {
  return render(
    <StoreAddress.Provider value={storeUrl}>
      <UnsubscribeUrl.Provider value={unsubscribeUrl}>{element}</UnsubscribeUrl.Provider>
    </StoreAddress.Provider>,
  );
}
