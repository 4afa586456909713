import { describe, expect, it } from 'vitest';
import { EMBED_MESSAGES, frameAncestors, mayEmbed, ZEmbedOrigins } from './embedding.js';

describe('allowed embedding sites', () => {
  it('keeps each site as its origin, once, and drops blank lines', () => {
    const parsed = ZEmbedOrigins.parse([
      ' https://www.City.gov ',
      '',
      'https://www.city.gov/',
      'https://water.example.org:8443',
      'http://localhost:5173',
    ]);
    expect(parsed).toEqual([
      'https://www.city.gov',
      'https://water.example.org:8443',
      'http://localhost:5173',
    ]);
  });

  it.each([
    'www.city.gov',
    'http://www.city.gov',
    'https://www.city.gov/water/register',
    'https://www.city.gov?embed=1',
    'https://user:secret@www.city.gov',
    'ftp://www.city.gov',
    'https://',
  ])('refuses %s with a clear message', (entry) => {
    const result = ZEmbedOrigins.safeParse([entry]);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(EMBED_MESSAGES.originInvalid);
  });

  it('refuses more sites than the limit', () => {
    const many = Array.from({ length: 21 }, (_, i) => `https://site${i}.example.gov`);
    expect(ZEmbedOrigins.safeParse(many).error?.issues[0]?.message).toBe(
      EMBED_MESSAGES.tooManyOrigins,
    );
  });

  it('frames and checks alike: named sites only, else any https site', () => {
    const named = ['https://www.city.gov'];
    expect(frameAncestors(named, true)).toEqual(["'self'", 'https://www.city.gov']);
    expect(mayEmbed(named, 'https://www.city.gov', true)).toBe(true);
    expect(mayEmbed(named, 'https://elsewhere.example', true)).toBe(false);
    expect(frameAncestors([], true)).toEqual(['https:']);
    expect(mayEmbed([], 'https://elsewhere.example', true)).toBe(true);
    expect(mayEmbed([], 'http://insecure.example', true)).toBe(false);
    expect(mayEmbed([], 'http://127.0.0.1:4000', true)).toBe(false);
    expect(mayEmbed([], 'http://127.0.0.1:4000', false)).toBe(true);
    expect(frameAncestors([], false)).toContain('http://127.0.0.1:*');
  });
});
