import { afterEach, describe, expect, it, vi } from 'vitest';
import { $lang, applyAccountLanguage, initialLanguage, LANG_STORAGE_KEY, setLanguage } from './lang';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  $lang.set('en');
});

describe('$lang', () => {
  it('starts from the browser language when nothing is saved', () => {
    vi.stubGlobal('navigator', { languages: ['es-MX', 'en'], language: 'es-MX' });
    expect(initialLanguage()).toBe('es');
    vi.stubGlobal('navigator', { languages: ['fr-CA'], language: 'fr-CA' });
    expect(initialLanguage()).toBe('fs');
  });

  it('prefers the language saved on this device over the browser one', () => {
    localStorage.setItem(LANG_STORAGE_KEY, 'fs');
    vi.stubGlobal('navigator', { languages: ['es-MX'], language: 'es-MX' });
    expect(initialLanguage()).toBe('fs');
  });

  it('ignores a saved value that is not a supported language', () => {
    localStorage.setItem(LANG_STORAGE_KEY, 'de');
    vi.stubGlobal('navigator', { languages: ['en-US'], language: 'en-US' });
    expect(initialLanguage()).toBe('en');
  });

  it('setLanguage updates the store, persists the choice and sets <html lang>', () => {
    setLanguage('fs');
    expect($lang.get()).toBe('fs');
    expect(localStorage.getItem(LANG_STORAGE_KEY)).toBe('fs');
    expect(document.documentElement.lang).toBe('fr');
  });

  it("applies the account's language when it is supported and ignores anything else", () => {
    setLanguage('es');
    applyAccountLanguage('pt');
    expect($lang.get()).toBe('es');
    applyAccountLanguage(null);
    expect($lang.get()).toBe('es');
    applyAccountLanguage('en');
    expect($lang.get()).toBe('en');
  });
});
