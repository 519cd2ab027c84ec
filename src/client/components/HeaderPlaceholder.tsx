/**
 * The header's place held at its height while a page's code loads, so that nothing below it
 * moves when the real header arrives (decisions 0024 and 0060).
 */
export function HeaderPlaceholder() {
  return (
    <div className="border-b border-border/60" aria-hidden="true">
      <div className="h-16" />
    </div>
  );
}
