import type { ComponentType } from 'react';
import { LandingShell } from '../features/landing';

/**
 * The pages whose shell the build writes into their route's HTML (prerender-shells.tsx), so a
 * phone paints it before any script has run; the app shows it again until the page's code has
 * arrived (routes.tsx). The landing page's only: checkout's shell in its HTML was measured and
 * dropped (decision 0060). `page` is the page's module, pages/<page>.tsx.
 */
export const PAGE_SHELLS: ReadonlyArray<{ path: string; page: string; Shell: ComponentType }> = [{ path: '/', page: 'LandingPage', Shell: LandingShell }];
