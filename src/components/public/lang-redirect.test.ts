import { describe, expect, it } from 'vitest';
import { LANG_REDIRECT_SCRIPT } from './lang-redirect';

// Runs the inline script against a fake location and returns where it went (or null).
function target(url: string): string | null {
  const u = new URL(url, 'http://localhost');
  let to: string | null = null;
  const location = { search: u.search, pathname: u.pathname, hash: u.hash, replace: (x: string) => (to = x) };
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- runs the inline script as the page would
  new Function('location', LANG_REDIRECT_SCRIPT)(location);
  return to;
}

describe('legal page language redirect', () => {
  it('sends ?lang=es on an English page to the Spanish page', () => {
    expect(target('/privacy?lang=es')).toBe('/es/privacy');
    expect(target('/terms?lang=es#section')).toBe('/es/terms#section');
  });

  it('sends ?lang=en on a Spanish page to the English page', () => {
    expect(target('/es/privacy?lang=en')).toBe('/privacy');
    expect(target('/es/terms?lang=en')).toBe('/terms');
  });

  it('keeps other query parameters', () => {
    expect(target('/privacy?utm_source=x&lang=es')).toBe('/es/privacy?utm_source=x');
  });

  it('stays put for the current language, other values or no parameter', () => {
    for (const url of ['/privacy?lang=en', '/es/privacy?lang=es', '/terms?lang=fr', '/terms?lang=', '/terms', '/es/terms']) {
      expect(target(url)).toBeNull();
    }
  });
});
