import { cn } from '../lib/utils';

/** Markdown's elements styled for reading, without a typography plugin: headings, paragraphs, lists, links. */
const READING =
  'min-w-0 break-words text-sm leading-relaxed text-muted-foreground sm:text-base [&_a]:text-accent [&_a]:underline [&_a]:underline-offset-4 [&_h1]:text-3xl [&_h1]:font-extrabold [&_h1]:tracking-tight [&_h1]:text-foreground [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-foreground [&_h3]:mt-6 [&_h3]:font-semibold [&_h3]:text-foreground [&_li]:mt-1 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:ps-6 [&_p]:mt-3 [&_strong]:text-foreground [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:ps-6';

/**
 * A policy's HTML as the server rendered it from the owner's Markdown (decision 0097): raw HTML
 * off and only safe links kept there, so it is shown as it is. The policy page and the admin's
 * preview and agreement show it alike.
 */
export function PolicyHtml({ html, className }: { html: string; className?: string }) {
  // The server's rendering of the owner's Markdown (features/policies/render.ts), never raw input.
  return <div className={cn(READING, className)} data-testid="policy-text" dangerouslySetInnerHTML={{ __html: html }} />;
}
