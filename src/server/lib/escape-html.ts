/**
 * Text made safe inside HTML, between tags or in a quoted attribute: the five characters
 * React escapes (react-dom's escapeTextForBrowser), so that what the server writes by hand
 * (an email's filled template, a page's title) reads as React would have drawn it.
 */
const ESCAPES: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };

export const escapeHtml = (text: string): string => text.replace(/["&'<>]/g, (character) => ESCAPES[character]!);
