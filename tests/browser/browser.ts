// Launches Debian's Chromium through playwright-core with the flags this network needs
// (playwright gives every launch a fresh, empty profile).
import { chromium, type Browser } from 'playwright-core';
import { inject } from 'vitest';

export const baseURL = () => inject('baseURL');

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    headless: true,
  });
}
