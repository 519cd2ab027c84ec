import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { t } from '../../lib/i18n';
import { cn } from '../../lib/utils';
import { dismissToast, useToasts } from './use-toast';

/** Default display time and swipe behaviour of spec section 9. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}>
      {toasts.map(({ id, title, description, action, variant, open }) => (
        <ToastPrimitive.Root
          key={id}
          open={open}
          onOpenChange={(isOpen) => {
            if (!isOpen) dismissToast(id);
          }}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-xl border p-4 pe-8 shadow-2xl transition-all',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]',
            variant === 'destructive' ? 'border-destructive/60 bg-destructive-surface text-destructive-foreground' : 'border-border bg-card text-foreground',
          )}
          data-variant={variant ?? 'default'}
        >
          <div className="grid gap-1">
            {title && <ToastPrimitive.Title className="text-sm font-semibold">{title}</ToastPrimitive.Title>}
            {description && <ToastPrimitive.Description className="text-sm">{description}</ToastPrimitive.Description>}
          </div>
          {action}
          <ToastPrimitive.Close aria-label={t('site.toast.close')} className="absolute end-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100">
            <X className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        label={t('site.toast.region')}
        hotkey={['F8']}
        className="fixed bottom-0 end-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}
