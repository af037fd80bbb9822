// `npm run setup:browser`: installs Debian's Chromium for the browser tests (root, Debian only).
import { existsSync } from 'node:fs';
import { run } from './env.mjs';

const path = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (existsSync(path)) {
  console.log(`Chromium is already at ${path}`);
  process.exit(0);
}
const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
const apt = async (...args) => run(sudo[0] ?? 'apt-get', sudo.length ? ['apt-get', ...args] : args);
if ((await apt('update', '-qq')) !== 0 || (await apt('install', '-y', '-qq', 'chromium')) !== 0) {
  console.error('Could not install Chromium with apt-get; install it by hand or set CHROME_PATH.');
  process.exit(1);
}
console.log('Chromium installed at /usr/bin/chromium');
