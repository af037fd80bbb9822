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
      'featureRequests',
      'toast',
      'errors',
      'onboarding',
    ];
    for (const key of englishKeys) {
      expect(key, key).toMatch(/^[a-zA-Z]+(\.[a-zA-Z0-9_]+)+$/);
      expect(prefixes, key).toContain(key.split('.')[0]);
    }
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
