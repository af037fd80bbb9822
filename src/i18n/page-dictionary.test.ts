// In the browser t() reads the page's own dictionary, which its layout names (<meta name="dictionaries">):
// a fresh copy of the module, without the whole dictionaries the other unit tests load.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const moduleUrl = (source: string) => `data:text/javascript,${encodeURIComponent(source)}`;

async function freshI18n() {
  vi.resetModules();
  return import('./index');
}

describe("a page's dictionary in the browser", () => {
  beforeEach(() => {
    const meta = document.createElement('meta');
    meta.name = 'dictionaries';
    meta.dataset.en = moduleUrl(
      'export default {"common.cancel":"Cancel","market.resultCount":"{count} assets shown","market.resultCount_one":"{count} asset shown"};',
    );
    meta.dataset.es = moduleUrl(
      'export default {"common.cancel":"Cancelar","errors.invalidValue":"Valor no válido"}; export const english = {"errors.invalidValue":"Invalid value"};',
    );
    meta.dataset.served = 'es';
    document.head.appendChild(meta);
  });
  afterEach(() => {
    document.head.querySelector('meta[name="dictionaries"]')?.remove();
    vi.restoreAllMocks();
  });

  it('loads only the strings the page names, in the language asked, and its served language is known', async () => {
    const i18n = await freshI18n();
    expect(i18n.servedLanguage()).toBe('es');
    expect(i18n.isDictionaryLoaded('es')).toBe(false);
    await i18n.loadDictionary('es');
    expect(i18n.isDictionaryLoaded('es')).toBe(true);
    expect(i18n.isDictionaryLoaded('en')).toBe(false);
    expect(i18n.t('es', 'common.cancel')).toBe('Cancelar');
    expect(i18n.isTranslationKey('common.cancel')).toBe(true);
    expect(i18n.isTranslationKey('common.close')).toBe(false);
  });

  it('reads an English answer back to its key from the English the page carries for it', async () => {
    const i18n = await freshI18n();
    await i18n.loadDictionary('es');
    expect(i18n.keyOfEnglish('Invalid value')).toBe('errors.invalidValue');
    expect(i18n.t('es', i18n.keyOfEnglish('Invalid value') ?? 'common.cancel')).toBe('Valor no válido');
  });

  it('switches to another language by loading that language of the same page, plurals included', async () => {
    const i18n = await freshI18n();
    await i18n.loadDictionary('en');
    expect(i18n.t('en', 'market.resultCount', { count: 1 })).toBe('1 asset shown');
    expect(i18n.t('en', 'market.resultCount', { count: 3 })).toBe('3 assets shown');
  });

  it('shows nothing before the language is in, rather than a key or another language', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const i18n = await freshI18n();
    expect(i18n.t('es', 'common.cancel')).toBe('');
    expect(error).not.toHaveBeenCalled();
  });

  it('reports a key the page lacks and shows the key, never another screen’s text', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const i18n = await freshI18n();
    await i18n.loadDictionary('es');
    expect(i18n.t('es', 'common.close')).toBe('common.close');
    expect(error).toHaveBeenCalledWith(expect.stringContaining('common.close'));
  });
});
