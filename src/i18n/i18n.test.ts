import { describe, expect, it } from 'vitest';
import { en } from './en';
import { es } from './es';
import { fs } from './fs';
import { detectLanguage, htmlLang, isTranslationKey, LANGS, resolveLanguage, t } from './index';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

const dictionaries = { en, es, fs };

describe('dictionaries', () => {
  const englishKeys = Object.keys(en).sort();

  for (const lang of LANGS) {
    it(`${lang} has exactly the English keys (none missing, none extra)`, () => {
      const keys = Object.keys(dictionaries[lang]).sort();
      expect(
        englishKeys.filter((k) => !keys.includes(k)),
        'missing',
      ).toEqual([]);
      expect(
        keys.filter((k) => !englishKeys.includes(k)),
        'extra',
      ).toEqual([]);
    });

    it(`${lang} has no empty strings and keeps every {placeholder} of the English text`, () => {
      for (const [key, english] of Object.entries(en)) {
        const text = (dictionaries[lang] as Record<string, string>)[key] ?? '';
        expect(text.trim(), key).not.toBe('');
        expect(placeholders(text), key).toEqual(placeholders(english));
      }
    });
  }

  it('keys are flat dotted names under a known screen prefix', () => {
    const prefixes = [
      'common',
      'shell',
      'login',
      'accounts',
      'market',
      'wallet',
      'asset',
      'settings',
      'support',
      'transactions',
      'quote',
      'featureRequests',
      'toast',
      'errors',
      'onboarding',
      'identity',
      'usd',
      'broker',
      'order',
      'trade',
      'portfolio',
      'recurring',
      'snapshot',
      'networth',
    ];
    for (const key of englishKeys) {
      expect(key, key).toMatch(/^[a-zA-Z]+(\.[a-zA-Z0-9_]+)+$/);
      expect(prefixes, key).toContain(key.split('.')[0]);
    }
  });

  it('fs puts a narrow no-break space (U+202F) before : ; ! ? and inside « », never a plain space', () => {
    for (const [key, text] of Object.entries(fs)) {
      // a URL's scheme separator is not French punctuation
      const prose = text.replaceAll('://', '');
      for (const m of prose.matchAll(/(.?)([:;!?»])/gu)) expect(m[1], `${key}: ${text}`).toBe('\u202F');
      for (const m of prose.matchAll(/«(.?)/gu)) expect(m[1], `${key}: ${text}`).toBe('\u202F');
    }
  });

  it('says "no data" in words in Spanish and French, never the abbreviation N/D, and writes 24 h with a space there', () => {
    for (const lang of ['es', 'fs'] as const) {
      for (const [key, text] of Object.entries(dictionaries[lang])) {
        expect(text, `${lang} ${key}`).not.toMatch(/N\/D/);
        expect(text, `${lang} ${key}`).not.toMatch(/\b24h\b/);
      }
    }
    expect(es['asset.change24h.none']).toBe('Sin datos (24\u00a0h)');
  });

  it('keeps the spec English strings verbatim', () => {
    expect(en['errors.http']).toBe('HTTP error! status: {status}');
    expect(en['login.error.invalidPhone']).toBe('Please enter a valid phone number');
    expect(en['login.codeSent']).toBe('We sent a code to {phone}');
    expect(en['shell.accountSelector.noAccounts']).toBe('No accounts found');
    expect(en['shell.accountSelector.createNew']).toBe('Create New Account');
    expect(en['shell.openNavigation']).toBe('Open navigation');
    expect(en['wallet.transfer']).toBe('Transfer 100');
    expect(en['wallet.transferring']).toBe('Transferring...');
    expect(en['common.loading']).toBe('Loading...');
    expect(en['transactions.new.amountPlaceholder']).toBe('Enter amount between $1 - $50');
  });

  it('writes US English in en: no British spellings (the spec\'s own "Cancelled" aside)', () => {
    const british = /\b\w*(?:recognis|organis|authoris|customis|prioritis|summaris|minimis|realis|utilis|apologis|favour|colour|behaviour|licence|centre)\w*/gi;
    const found = Object.values(en).flatMap((text) => text.match(british) ?? []);
    expect(found).toEqual([]);
  });
});

describe('t', () => {
  it('returns the string in the requested language', () => {
    expect(t('en', 'shell.nav.market')).toBe('Market');
    expect(t('es', 'shell.nav.market')).toBe('Mercado');
    expect(t('fs', 'shell.nav.market')).toBe('Marché');
  });

  it('fills {name} placeholders, numbers included', () => {
    expect(t('en', 'errors.http', { status: 404 })).toBe('HTTP error! status: 404');
    expect(t('en', 'login.codeSent', { phone: '+15555550100' })).toBe('We sent a code to +15555550100');
    expect(t('es', 'asset.holdings.none', { symbol: 'CC' })).toBe('No tienes CC');
  });

  it('leaves a placeholder visible when its value is not given', () => {
    expect(t('en', 'errors.http')).toBe('HTTP error! status: {status}');
    expect(t('en', 'errors.http', {})).toBe('HTTP error! status: {status}');
  });

  it('falls back to English when a translation is empty', () => {
    const es = dictionaries.es as Record<string, string>;
    const saved = es['common.cancel'];
    es['common.cancel'] = '';
    try {
      expect(t('es', 'common.cancel')).toBe('Cancel');
    } finally {
      es['common.cancel'] = saved ?? '';
    }
  });

  it('tells dictionary keys from free text', () => {
    expect(isTranslationKey('common.loading')).toBe(true);
    expect(isTranslationKey('Something the server said')).toBe(false);
    expect(isTranslationKey('toString')).toBe(false);
  });
});

describe('plurals', () => {
  // Counts shown with no noun to agree with: a label and its figure, a multiplier, a fraction.
  const NO_NOUN = ['wallet.offers.showMoreLabel', 'featureRequests.upvotes', 'featureRequests.downvotes', 'featureRequests.form.counter', 'toast.count'];

  it('gives every key where a {count} meets a noun its singular (_one) in all three languages', () => {
    const counted = Object.entries(en).filter(([key, text]) => text.includes('{count}') && !key.endsWith('_one') && !NO_NOUN.includes(key));
    expect(counted.length).toBeGreaterThan(0);
    for (const [key] of counted) {
      for (const lang of LANGS) expect((dictionaries[lang] as Record<string, string>)[`${key}_one`], `${lang} ${key}_one`).toBeTruthy();
    }
    for (const key of Object.keys(en).filter((k) => k.endsWith('_one'))) expect(en, key).toHaveProperty(key.slice(0, -'_one'.length));
  });

  it("picks the language's plural form with Intl.PluralRules: 1 asset, 2 assets; 0 is singular in French", () => {
    expect(t('en', 'market.resultCount', { count: 1 })).toBe('1 asset shown');
    expect(t('en', 'market.resultCount', { count: 0 })).toBe('0 assets shown');
    expect(t('en', 'market.resultCount', { count: 2 })).toBe('2 assets shown');
    expect(t('es', 'market.resultCount', { count: 1 })).toBe('1 activo mostrado');
    expect(t('es', 'market.resultCount', { count: 0 })).toBe('0 activos mostrados');
    expect(t('fs', 'market.resultCount', { count: 0 })).toBe('0 actif affiché');
    expect(t('fs', 'market.resultCount', { count: 1 })).toBe('1 actif affiché');
    expect(t('fs', 'market.resultCount', { count: 12 })).toBe('12 actifs affichés');
    expect(t('en', 'errors.auth.smsRateLimit', { count: 1 })).toBe('For security reasons, you can request a new code in 1 second.');
  });
});

describe('language rule', () => {
  it('detects Spanish from any es browser language', () => {
    expect(detectLanguage(['es'])).toBe('es');
    expect(detectLanguage(['es-MX', 'en-US'])).toBe('es');
    expect(detectLanguage(['ES-419'])).toBe('es');
  });

  it('maps a French browser to fs', () => {
    expect(detectLanguage(['fr-FR'])).toBe('fs');
    expect(detectLanguage(['fr'])).toBe('fs');
  });

  it('uses English for anything else or nothing', () => {
    expect(detectLanguage(['pt-BR', 'es'])).toBe('en');
    expect(detectLanguage(['en-GB'])).toBe('en');
    expect(detectLanguage([])).toBe('en');
    expect(detectLanguage(undefined)).toBe('en');
  });

  it("lets the account's language override when it is en, es or fs", () => {
    expect(resolveLanguage('en', 'es')).toBe('es');
    expect(resolveLanguage('es', 'en')).toBe('en');
    expect(resolveLanguage('en', 'fs')).toBe('fs');
  });

  it('keeps the browser language when the account language is missing or unsupported', () => {
    expect(resolveLanguage('es', null)).toBe('es');
    expect(resolveLanguage('es', undefined)).toBe('es');
    expect(resolveLanguage('es', 'pt')).toBe('es');
    expect(resolveLanguage('fs', 'fr')).toBe('fs');
  });

  it('gives fr as the HTML language tag of fs', () => {
    expect(htmlLang('fs')).toBe('fr');
    expect(htmlLang('es')).toBe('es');
  });
});
