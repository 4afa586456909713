// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Banner } from './Banner.js';
import { formatBanner } from './format-banner.js';

afterEach(cleanup);

describe('banner formatting', () => {
  it('makes text between two -b markers bold', () => {
    expect(formatBanner('Please -bread this-b now')).toEqual([
      { kind: 'text', text: 'Please ', bold: false },
      { kind: 'text', text: 'read this', bold: true },
      { kind: 'text', text: ' now', bold: false },
    ]);
  });

  it('keeps an unpaired -b marker as typed', () => {
    expect(formatBanner('a -b b -b c -b d')).toEqual([
      { kind: 'text', text: 'a ', bold: false },
      { kind: 'text', text: ' b ', bold: true },
      { kind: 'text', text: ' c -b d', bold: false },
    ]);
  });

  it('keeps line breaks', () => {
    expect(formatBanner('one\ntwo\r\nthree').filter((p) => p.kind === 'break')).toHaveLength(2);
  });

  it('turns web links into links that open in a new tab with rel=noopener', () => {
    const { container } = render(<Banner text={'See https://example.com/help or www.city.gov.'} />);
    const links = container.querySelectorAll('a');
    expect(links).toHaveLength(2);
    expect(links[0]?.getAttribute('href')).toBe('https://example.com/help');
    expect(links[1]?.getAttribute('href')).toBe('http://www.city.gov');
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener');
    }
  });

  it('renders links inside bold text bold, and line breaks as <br>', () => {
    const { container } = render(<Banner text={'-bVisit https://example.com-b\nThanks'} />);
    expect(container.querySelector('strong a')?.getAttribute('href')).toBe('https://example.com');
    expect(container.querySelectorAll('br')).toHaveLength(1);
  });

  it('shows markup as text, never as HTML', () => {
    const text = '<script>alert(1)</script><b>bold?</b> <img src=x onerror=alert(2)>';
    const { container } = render(<Banner text={text} />);
    expect(container.querySelector('script, b, img')).toBeNull();
    expect(container.textContent).toBe(text);
  });

  it('does not link javascript: or mailto: addresses', () => {
    const { container } = render(<Banner text="javascript:alert(1) mail me@example.com" />);
    expect(container.querySelector('a')).toBeNull();
  });
});
