// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Tooltip, tooltipSide } from './Tooltip.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function placeIcon(left: number) {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
    left,
    width: 20,
    top: 0,
    right: left + 20,
    bottom: 20,
    height: 20,
    x: left,
    y: 0,
    toJSON: () => ({}),
  });
}

describe('tooltip', () => {
  it('opens to the right left of the middle and to the left right of it', () => {
    expect(tooltipSide({ left: 100, width: 20 }, 1000)).toBe('right');
    expect(tooltipSide({ left: 600, width: 20 }, 1000)).toBe('left');
    expect(tooltipSide({ left: 490, width: 20 }, 1000)).toBe('right');
    expect(tooltipSide({ left: 491, width: 20 }, 1000)).toBe('left');
  });

  it('flips side by where its icon is when it opens on hover', () => {
    window.innerWidth = 1000;
    placeIcon(800);
    render(<Tooltip id="tip" label="About Email" text="Unique email" />);
    const tip = screen.getByRole('tooltip', { hidden: true });
    expect(tip.hidden).toBe(true);
    fireEvent.mouseEnter(screen.getByRole('button', { name: 'About Email' }));
    expect(tip.hidden).toBe(false);
    expect(tip.classList.contains('tooltip-left')).toBe(true);
    fireEvent.mouseLeave(screen.getByRole('button', { name: 'About Email' }));
    expect(tip.hidden).toBe(true);
  });

  it('opens on keyboard focus, to the right near the left edge, and closes with Escape', async () => {
    window.innerWidth = 1000;
    placeIcon(40);
    const user = userEvent.setup();
    render(<Tooltip id="tip" label="About Company Name" text="Your company" />);
    await user.tab();
    const tip = screen.getByRole('tooltip');
    expect(tip.hidden).toBe(false);
    expect(tip.classList.contains('tooltip-right')).toBe(true);
    const icon = screen.getByRole('button', { name: 'About Company Name' });
    expect(document.getElementById(icon.getAttribute('aria-describedby') ?? '')).toBe(tip);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('tooltip', { hidden: true }).hidden).toBe(true);
  });
});
