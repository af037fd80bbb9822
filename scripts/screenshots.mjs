// `npm run screenshots`: captures the real market, wallet and transactions screens in English and
// Spanish from the running app (the embedded default: `npm start` in another terminal) and writes the
// landing page's feature images, public/images/landing/<lang>/{global-investing,crypto-investing,
// smart-savings}.webp (600 x 1200, a 360 x 720 phone at 5/3 density). Signs in with the test number
// +1 555 555 0119 and, the first time, creates its wallet and moves CC into it (three transfers,
// two accepted) so the screens show a populated wallet, and on a local app (the embedded default)
// gives the user a name, Ana García, so the navbar does not say "User": the local profile has no
// API to set a name, so that one step writes the local D1 through wrangler. Run it after any UI change and commit the images (PNG copies for a
// quick look go to test-results/screenshots/landing-<lang>-<name>.png).
//   SCREENSHOTS_URL   the app's address (default http://localhost:$PORT or :8787)
//   CHROME_PATH       Chromium (default /usr/bin/chromium)
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './env.mjs';
import { SHOTS } from './landing-shots.mjs';

const BASE = process.env.SCREENSHOTS_URL ?? `http://localhost:${process.env.PORT ?? '8787'}`;
const PHONE = '+1 555 555 0119';
const CODE = '123456';
const WIDTH = 360;
const HEIGHT = 720;
const SCALE = 600 / WIDTH;
const QUALITY = 0.8;
const LANGS = ['en', 'es'];

async function reachable() {
  try {
    return (await fetch(`${BASE}/api/health`)).ok;
  } catch {
    return false;
  }
}

if (!(await reachable())) {
  console.error(`screenshots: nothing answers at ${BASE}. Start the app first (npm start), or set SCREENSHOTS_URL.`);
  process.exit(1);
}

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_FLAGS,
  headless: true,
});

try {
  // Sign in once; the session is reused by every capture.
  const setup = await browser.newContext({ baseURL: BASE, viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const page = await setup.newPage();
  await page.goto('/login');
  await page.locator('input[name="phone"]').fill(PHONE);
  await page.locator('form button[type="submit"]').click();
  await page.locator('input[name="code"]').fill(CODE);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(/\/transactions\/?$/, { timeout: 30_000 });

  // A named user. The user id is in the app's own profile call (GET /api/accounts/<user id>).
  let userId = null;
  page.on('request', (request) => {
    const match = /\/api\/accounts\/([0-9a-f-]{36})(?:[?#]|$)/i.exec(request.url());
    if (match) userId = match[1];
  });
  // Data for the screens: a wallet with a balance and both kinds of transaction.
  await page.goto('/accounts');
  const card = page.locator('[data-card="digital"]');
  await card.locator('[data-status]').waitFor();
  if ((await card.locator('[data-status="active"]').count()) === 0) {
    await card.locator('button').last().click();
    await card.locator('[data-status="active"]').waitFor();
  }
  await page.goto('/accounts/digital-assets');
  await page.locator('[data-wallet-balance]').waitFor();
  if ((await page.locator('[data-wallet-balance]').textContent()) === '$0.00') {
    for (const action of ['transfer', 'auto-accept', 'transfer', 'auto-accept', 'transfer']) {
      await page.locator(`[data-action="${action}"]`).click();
      await page.locator(`[data-action="${action}"]:not([aria-busy])`).waitFor();
      await page.waitForTimeout(300);
    }
  }
  const local = ['localhost', '127.0.0.1'].includes(new URL(BASE).hostname);
  if (local && userId && /^[0-9a-f-]{36}$/i.test(userId)) {
    const sql = `UPDATE profiles SET name = 'Ana García', first_name = 'Ana', last_name = 'García' WHERE id = '${userId}'`;
    execFileSync('npx', ['wrangler', 'd1', 'execute', 'DB', '--local', '--command', sql], { stdio: 'ignore' });
  } else {
    console.warn('screenshots: not a local app (or no user id): the navbar will show the profile name the upstream has.');
  }

  const state = await setup.storageState();
  await setup.close();

  for (const lang of LANGS) {
    const context = await browser.newContext({
      baseURL: BASE,
      viewport: { width: WIDTH, height: HEIGHT },
      deviceScaleFactor: SCALE,
      locale: lang === 'es' ? 'es-MX' : 'en-US',
      storageState: state,
      // The strict CSP (no inline styles) would refuse the style tag that hides toasts below.
      bypassCSP: true,
    });
    await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
    const shot = await context.newPage();
    // The account's saved language wins over the browser's: save `lang` on it (the Security page).
    await shot.goto('/settings/security');
    await shot.locator('#main select').selectOption(lang);
    await shot.waitForFunction(() => !document.querySelector('#main select')?.hasAttribute('disabled'));
    await shot.waitForFunction((l) => document.documentElement.lang === l, lang);
    for (const { name, path, ready } of SHOTS) {
      await shot.goto(path);
      await shot.locator(ready).first().waitFor();
      // Logos that cannot load hide themselves; give the rest a moment, and no toasts in the picture.
      await shot.waitForLoadState('networkidle').catch(() => {});
      await shot.addStyleTag({ content: '[data-type]{display:none!important} *{caret-color:transparent!important}' });
      await shot.evaluate(() => document.fonts.ready);
      const png = await shot.screenshot({ type: 'png' });
      const webp = await toWebp(shot, png);
      const out = `public/images/landing/${lang}/${name}.webp`;
      mkdirSync(`public/images/landing/${lang}`, { recursive: true });
      writeFileSync(out, webp);
      mkdirSync('test-results/screenshots', { recursive: true });
      writeFileSync(`test-results/screenshots/landing-${lang}-${name}.png`, png);
      console.log(`${out}  ${(webp.length / 1024).toFixed(1)} KB  (${path})`);
    }
    await context.close();
  }
} finally {
  await browser.close();
}

/** PNG -> WebP through the browser's own encoder (no image library needed). */
async function toWebp(page, png) {
  const dataUrl = await page.evaluate(
    async ({ b64, quality }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      canvas.getContext('2d').drawImage(img, 0, 0);
      return canvas.toDataURL('image/webp', quality);
    },
    { b64: png.toString('base64'), quality: QUALITY },
  );
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}
