import { describe, expect, it } from 'vitest';
import { parseUserAgent } from './user-agent';

const UA = {
  chromeAndroid: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  safariIphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  chromeIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  firefoxWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  edgeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.70',
  safariMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  operaMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0',
  samsungTablet: 'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Safari/537.36',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  headlessLinux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
};

describe('parseUserAgent', () => {
  it.each([
    ['chromeAndroid', 'Chrome', 'Android', 'mobile'],
    ['safariIphone', 'Safari', 'iPhone', 'mobile'],
    ['chromeIphone', 'Chrome', 'iPhone', 'mobile'],
    ['firefoxWindows', 'Firefox', 'Windows', 'desktop'],
    ['edgeWindows', 'Edge', 'Windows', 'desktop'],
    ['safariMac', 'Safari', 'macOS', 'desktop'],
    ['operaMac', 'Opera', 'macOS', 'desktop'],
    ['samsungTablet', 'Samsung Internet', 'Android', 'tablet'],
    ['ipad', 'Safari', 'iPad', 'tablet'],
    ['headlessLinux', 'Chrome', 'Linux', 'desktop'],
  ] as const)('names the browser, system and kind of %s', (name, browser, os, kind) => {
    expect(parseUserAgent(UA[name])).toEqual({ browser, os, kind });
  });

  it('says unknown for an empty, missing or unrecognised user agent instead of guessing', () => {
    expect(parseUserAgent('')).toEqual({ browser: null, os: null, kind: 'unknown' });
    expect(parseUserAgent(null)).toEqual({ browser: null, os: null, kind: 'unknown' });
    expect(parseUserAgent('curl/8.5.0')).toEqual({ browser: null, os: null, kind: 'unknown' });
  });
});
