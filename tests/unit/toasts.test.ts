// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, toast, TOAST_REMOVE_DELAY, useToasts } from '../../src/client/components/ui/use-toast';

describe('toasts (spec section 9)', () => {
  afterEach(() => vi.useRealTimers());

  it('shows one at a time: a newer toast replaces the older', () => {
    const { result } = renderHook(() => useToasts());
    act(() => {
      toast({ title: 'First' });
      toast({ title: 'Second', variant: 'destructive' });
    });
    expect(result.current).toHaveLength(1);
    expect(result.current[0]).toMatchObject({ title: 'Second', variant: 'destructive', open: true });
  });

  it('keeps a dismissed toast, closed, until 1,000,000 ms have passed, then removes it', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useToasts());
    let id = '';
    act(() => {
      id = toast({ title: 'Bye' }).id;
      dismissToast(id);
    });
    act(() => {
      vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    });
    expect(result.current.find((t) => t.id === id)?.open).toBe(false);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.find((t) => t.id === id)).toBeUndefined();
  });
});
