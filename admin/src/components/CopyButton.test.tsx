// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CopyButton } from './CopyButton';

describe('CopyButton', () => {
  const writeText = vi.fn(async (_text: string) => undefined);

  beforeEach(() => {
    vi.useFakeTimers();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    writeText.mockClear();
  });

  it('copies the text and reads Copied! for exactly 2.5 seconds', async () => {
    render(<CopyButton text="https://example.test/form/abc" />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    });
    expect(writeText).toHaveBeenCalledWith('https://example.test/form/abc');
    expect(screen.getByRole('button').textContent).toBe('Copied!');

    act(() => vi.advanceTimersByTime(2499));
    expect(screen.getByRole('button').textContent).toBe('Copied!');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button').textContent).toBe('Copy');
  });

  it('restarts the 2.5 seconds when clicked again', async () => {
    render(<CopyButton text="x" />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button'));
    });
    act(() => vi.advanceTimersByTime(2000));
    await act(async () => {
      fireEvent.click(screen.getByRole('button'));
    });
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByRole('button').textContent).toBe('Copied!');
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByRole('button').textContent).toBe('Copy');
  });

  it('does not claim success when the clipboard refuses', async () => {
    writeText.mockRejectedValueOnce(new Error('denied'));
    render(<CopyButton text="x" />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button'));
    });
    expect(screen.getByRole('button').textContent).toBe('Copy');
  });
});
