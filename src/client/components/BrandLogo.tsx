import { Tv } from 'lucide-react';
import { Link } from 'wouter';
import { mergeClasses } from '../lib/class-merge';

/**
 * The store's mark and name, linking home. `compact` hides the name below 400 px wide,
 * where a header also needs room for its buttons.
 */
export function BrandLogo({ compact = false, className }: { compact?: boolean; className?: string }) {
  return (
    <Link href="/" className={mergeClasses('flex items-center gap-2 text-lg font-extrabold', className)}>
      <span className="flex size-9 items-center justify-center rounded-lg bg-accent-gradient">
        <Tv className="size-5 text-white" aria-hidden="true" />
      </span>
      <span className={compact ? 'hidden min-[400px]:inline' : undefined}>
        Stream<span className="text-accent-gradient">Plus</span>
      </span>
      {compact && <span className="sr-only min-[400px]:hidden">StreamPlus</span>}
    </Link>
  );
}
