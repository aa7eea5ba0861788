import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MediaReading } from '@/gateway/types';
import { READING_DEADLINE_MS } from './reading-plan';
import { useMediaReading } from './use-media-reading';

const readMedia = vi.fn<(file: File, options: { deadline: number; signal?: AbortSignal }) => Promise<MediaReading>>();
vi.mock('./read-media', () => ({
  readMedia: (file: File, options: { deadline: number; signal?: AbortSignal }) => readMedia(file, options),
}));

const READ: MediaReading = { text: 'Livraison offerte', width: 1080, height: 1080, durationMs: null };
const file = new File(['x'], 'pub.png', { type: 'image/png' });

afterEach(() => {
  vi.useRealTimers();
  readMedia.mockReset();
});

describe('useMediaReading', () => {
  it('does nothing when off (http mode) or without a file', async () => {
    const off = renderHook(() => useMediaReading(file, false));
    expect(off.result.current.status).toBe('idle');
    await expect(off.result.current.settle()).resolves.toBeNull();
    const none = renderHook(() => useMediaReading(null, true));
    expect(none.result.current.status).toBe('idle');
    expect(readMedia).not.toHaveBeenCalled();
  });

  it('reads the picked file at once and gives its reading to the submission', async () => {
    readMedia.mockResolvedValue(READ);
    const { result } = renderHook(() => useMediaReading(file, true));
    expect(result.current.status).toBe('reading');
    await expect(result.current.settle()).resolves.toEqual(READ);
    await waitFor(() => expect(result.current.status).toBe('read'));
    expect(readMedia).toHaveBeenCalledWith(file, expect.objectContaining({ deadline: expect.any(Number) }));
  });

  it('lets the submission go on without a reading when it fails', async () => {
    readMedia.mockRejectedValue(new Error('wasm'));
    const { result } = renderHook(() => useMediaReading(file, true));
    await expect(result.current.settle()).resolves.toBeNull();
    await waitFor(() => expect(result.current.status).toBe('failed'));
  });

  it('gives up after the deadline, and stops the reading of a file no longer picked', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    readMedia.mockImplementation((_file, options) => {
      signal = options.signal;
      return new Promise(() => {});
    });
    const { result, rerender } = renderHook(({ picked }) => useMediaReading(picked, true), {
      initialProps: { picked: file as File | null },
    });
    let settled: MediaReading | null | undefined;
    void result.current.settle().then((r) => (settled = r));
    await act(() => vi.advanceTimersByTimeAsync(READING_DEADLINE_MS - 100));
    expect(settled).toBeUndefined();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(settled).toBeNull();
    expect(result.current.status).toBe('failed');
    rerender({ picked: null });
    expect(signal?.aborted).toBe(true);
  });
});
