// A small User-Agent reader for the Security screen's sessions list: the browser, the operating
// system and the kind of device, for the common ones only. A full parser (ua-parser-js and the like)
// weighs tens of kB of rules for a label; anything not recognised here is named "unknown" and the
// screen says so in the user's language. Order matters: many browsers also name the ones they are
// built on (Edge and Opera say "Chrome", Chrome says "Safari"), so the specific ones are tried first.

export type DeviceKind = 'mobile' | 'tablet' | 'desktop' | 'unknown';

export interface DeviceInfo {
  /** The browser's name, or null when not recognised. */
  browser: string | null;
  /** The operating system's name, or null when not recognised. */
  os: string | null;
  kind: DeviceKind;
}

const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOPiOS\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|\b(?:Headless)?Chrome\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\/|\bMobile\/\w+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (ua: string, table: readonly [RegExp, string][]) => table.find(([re]) => re.test(ua))?.[1] ?? null;

export function parseUserAgent(ua: string | null | undefined): DeviceInfo {
  const s = (ua ?? '').slice(0, 512);
  const os = first(s, SYSTEMS);
  const browser = first(s, BROWSERS);
  let kind: DeviceKind = 'unknown';
  if (os === 'iPad' || (os === 'Android' && !/\bMobile\b/.test(s)) || /\bTablet\b/.test(s)) kind = 'tablet';
  else if (os === 'iPhone' || os === 'Android' || /\bMobile\b/.test(s)) kind = 'mobile';
  else if (os) kind = 'desktop';
  return { browser, os, kind };
}
