import MarkdownIt from 'markdown-it';

/** Link targets a policy may have: the web, email, telephone, and this site's own paths and anchors. */
const SAFE_SCHEME = /^(https?|mailto|tel):/i;
/** Any scheme at all ('javascript:', 'data:', 'vbscript:', in any case). */
const ANY_SCHEME = /^[a-z][a-z\d+.-]*:/i;

/**
 * Policies' Markdown to HTML on the server (decision 0097). Raw HTML is off, so a `<script>`
 * is shown as text; a link is kept only with a safe scheme or none, where markdown-it's own
 * check would still let `data:image/png` through; images are off, so a policy cannot load
 * anything from elsewhere.
 */
const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false }).disable('image');
markdown.validateLink = (url) => {
  const target = url.trim();
  return SAFE_SCHEME.test(target) || !ANY_SCHEME.test(target);
};

export function renderPolicy(text: string): string {
  return markdown.render(text);
}
