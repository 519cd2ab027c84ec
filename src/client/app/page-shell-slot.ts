/**
 * The id of the element that holds a page's shell in the HTML the server sends
 * (prerender-shells.tsx) and in the app's first render of that route (routes.tsx).
 */
export const PAGE_SHELL_ID = 'page-shell';
