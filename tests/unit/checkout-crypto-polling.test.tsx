// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_POLL_DELAY_MS, POLL_INTERVAL_MS, useCryptoPaymentStatus } from '../../src/client/features/checkout/crypto-polling';

const fetchMock = vi.fn<typeof fetch>();
const status = (paymentStatus: string) => new Response(JSON.stringify({ paymentStatus }), { status: 200 });

describe('crypto payment polling (spec section 4)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    fetchMock.mockReset();
  });

  it('first asks after 30 s, then every 10 s, keeps going through errors and stops once completed', async () => {
    fetchMock
      .mockResolvedValueOnce(status('waiting'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(status('confirming'))
      .mockResolvedValueOnce(status('partially_paid'));
    const onSettled = vi.fn();
    const { result } = renderHook(() => useCryptoPaymentStatus('demo-42', onSettled));

    await act(() => vi.advanceTimersByTimeAsync(FIRST_POLL_DELAY_MS - 1));
    expect(fetchMock).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/crypto-payment/demo-42');

    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(console.error).toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS));
    expect(result.current.outcome).toBe('waiting');
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS));
    expect(result.current.outcome).toBe('completed');
    expect(onSettled).toHaveBeenCalledExactlyOnceWith('completed');

    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 5));
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('checks at once when asked (the demo simulator), and reports an expired payment as failed', async () => {
    fetchMock.mockResolvedValueOnce(status('expired'));
    const onSettled = vi.fn();
    const { result } = renderHook(() => useCryptoPaymentStatus('demo-7', onSettled));
    await act(() => result.current.checkNow());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(result.current.outcome).toBe('failed');
    expect(onSettled).toHaveBeenCalledExactlyOnceWith('failed');
    await act(() => vi.advanceTimersByTimeAsync(FIRST_POLL_DELAY_MS + POLL_INTERVAL_MS));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('stops polling when the page goes away', async () => {
    const { unmount } = renderHook(() => useCryptoPaymentStatus('demo-9', vi.fn()));
    unmount();
    await act(() => vi.advanceTimersByTimeAsync(FIRST_POLL_DELAY_MS * 2));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
