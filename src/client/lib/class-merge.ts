/**
 * Joins the class names of the store's own primitives (Button, Card, Skeleton, BrandLogo),
 * letting a later Tailwind class win over an earlier one of the same kind, as tailwind-merge
 * does, for the kinds those primitives and their callers use (decision 0106). It keeps
 * tailwind-merge's 8.5 KB out of the landing page's first JavaScript; a unit test holds it
 * equal to tailwind-merge for every class name the code gives those primitives.
 */

/** A utility's kind, by its name without modifiers; the first match wins. */
const KINDS: Array<[RegExp, string]> = [
  [/^(block|inline-block|inline|flex|inline-flex|grid|inline-grid|contents|hidden|table)$/, 'display'],
  [/^(static|fixed|absolute|relative|sticky)$/, 'position'],
  [/^(sr-only|not-sr-only)$/, 'sr'],
  [/^size-/, 'size'],
  [/^min-w-/, 'min-w'],
  [/^max-w-/, 'max-w'],
  [/^min-h-/, 'min-h'],
  [/^max-h-/, 'max-h'],
  [/^w-/, 'w'],
  [/^h-/, 'h'],
  [/^([pm])([xytbserl]?)-/, '$1$2'],
  [/^gap-([xy])-/, 'gap-$1'],
  [/^gap-/, 'gap'],
  [/^rounded(-(none|xs|sm|md|lg|xl|2xl|3xl|4xl|full))?$/, 'rounded'],
  [/^text-(xs|sm|base|lg|xl|[2-9]xl)$/, 'font-size'],
  [/^text-(left|center|right|start|end|justify)$/, 'text-align'],
  [/^text-(wrap|nowrap|balance|pretty)$/, 'text-wrap'],
  [/^text-/, 'text-color'],
  [/^font-(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/, 'font-weight'],
  [/^leading-/, 'leading'],
  [/^tracking-/, 'tracking'],
  [/^justify-(start|end|center|between|around|evenly|stretch|normal)$/, 'justify-content'],
  [/^items-/, 'align-items'],
  [/^self-/, 'align-self'],
  [/^flex-(row|col|row-reverse|col-reverse)$/, 'flex-direction'],
  [/^flex-(wrap|nowrap|wrap-reverse)$/, 'flex-wrap'],
  [/^flex-/, 'flex'],
  [/^shrink/, 'shrink'],
  [/^grow/, 'grow'],
  [/^whitespace-/, 'whitespace'],
  [/^bg-/, 'bg'],
  [/^shadow(-(2xs|xs|sm|md|lg|xl|2xl|none|inner))?$/, 'shadow'],
  [/^shadow-/, 'shadow-color'],
  [/^border(-\d+)?$/, 'border-w'],
  [/^border-(solid|dashed|dotted|double|none|hidden)$/, 'border-style'],
  [/^border-([xytbserl])(-\d+)?$/, 'border-w-$1'],
  [/^border-/, 'border-color'],
  [/^underline-offset-/, 'underline-offset'],
  [/^(underline|overline|line-through|no-underline)$/, 'text-decoration'],
  [/^opacity-/, 'opacity'],
  [/^cursor-/, 'cursor'],
  [/^overflow-([xy])-/, 'overflow-$1'],
  [/^overflow-/, 'overflow'],
  [/^z-/, 'z'],
  [/^animate-/, 'animate'],
  [/^(uppercase|lowercase|capitalize|normal-case)$/, 'text-transform'],
];

/** What a class of a kind overrides besides its own kind (a padding, both of its sides). */
const ALSO_OVERRIDES: Record<string, string[]> = {
  size: ['w', 'h'],
  p: ['px', 'py', 'pt', 'pb', 'ps', 'pe', 'pl', 'pr'],
  px: ['pl', 'pr', 'ps', 'pe'],
  py: ['pt', 'pb'],
  m: ['mx', 'my', 'mt', 'mb', 'ms', 'me', 'ml', 'mr'],
  mx: ['ml', 'mr', 'ms', 'me'],
  my: ['mt', 'mb'],
  gap: ['gap-x', 'gap-y'],
  'font-size': ['leading'],
  'border-w': ['border-w-x', 'border-w-y', 'border-w-t', 'border-w-b', 'border-w-s', 'border-w-e', 'border-w-l', 'border-w-r'],
  overflow: ['overflow-x', 'overflow-y'],
};

/** The class's modifiers (`lg:`, `hover:`) and its kind, or null for a class of no known kind. */
function slotOf(className: string): string[] | null {
  const cut = className.lastIndexOf(':');
  const modifiers = className.slice(0, cut + 1);
  const utility = className.slice(cut + 1).replace(/^!/, '').replace(/^-/, '');
  for (const [pattern, kind] of KINDS) {
    const match = pattern.exec(utility);
    if (!match) continue;
    const own = kind.replace(/\$(\d)/g, (_, group: string) => match[Number(group)] ?? '');
    return [own, ...(ALSO_OVERRIDES[own] ?? [])].map((slot) => `${modifiers}${slot}`);
  }
  return null;
}

/** The classes, later ones winning over earlier ones of the same kind and modifiers. */
export function mergeClasses(...parts: Array<string | false | null | undefined>): string {
  const classes = parts.filter(Boolean).join(' ').split(/\s+/).filter(Boolean);
  const taken = new Set<string>();
  const kept: string[] = [];
  for (let index = classes.length - 1; index >= 0; index -= 1) {
    const className = classes[index]!;
    const slots = slotOf(className);
    const own = slots?.[0];
    if (own !== undefined && taken.has(own)) continue;
    if (kept.includes(className)) continue;
    slots?.forEach((slot) => taken.add(slot));
    kept.unshift(className);
  }
  return kept.join(' ');
}
