// The content editor as marketing uses it: `npm run edit` on a copy of the project (so that no
// other test sees the edits, and the copy is removed afterwards), the Spanish hero title and a
// section of the Spanish privacy policy changed in the editor's forms, the unsaved change shown by
// the preview, saved, the site rebuilt and served, and the change found on /es/ and on
// /privacy?lang=es; a description of 20 characters is refused in the editor with the schema's
// message and never reaches the file.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineEnv, run } from '../../scripts/env.mjs';
import { freePort, serveBuilt, stopGroup } from '../../scripts/serve.mjs';
import { DESCRIPTION_MESSAGE } from '../../src/content/schema';
import { launch } from './helpers';

/** What `npm run edit` and `astro build` need of the project; node_modules is linked, not copied. */
const PROJECT_FILES = [
  'src',
  'public',
  'scripts',
  'config',
  'migrations',
  'astro.config.mjs',
  'astro.config.edit.mjs',
  'keystatic.config.ts',
  'tsconfig.json',
  'package.json',
  'wrangler.toml',
];

/** The environment of `npm run edit` as a person starts it: without the test runner's (NODE_ENV=test and VITEST* make Astro's dev server answer 404). */
const personEnv = { ...offlineEnv };
for (const name of Object.keys(personEnv)) if (/^(VITEST|NODE_ENV$|TEST$)/.test(name)) delete personEnv[name as keyof typeof personEnv];

const NEW_TITLE = 'Tu dinero en dólares, editado por marketing';
const SECTION = '2. Cómo usamos tu información';
const NEW_SECTION = `${SECTION} y por qué`;

let copy: string;
let editor: ChildProcess;
let editURL: string;
let browser: Browser;
let site: { baseURL: string; stop: () => Promise<void> } | undefined;

const file = (path: string) => readFileSync(join(copy, path), 'utf8');

beforeAll(async () => {
  mkdirSync('test-results', { recursive: true });
  copy = mkdtempSync(resolve('test-results/content-editor-'));
  for (const path of PROJECT_FILES) cpSync(path, join(copy, path), { recursive: true });
  symlinkSync(resolve('node_modules'), join(copy, 'node_modules'));
  spawnSync('git', ['init', '-q'], { cwd: copy });
  const port = await freePort();
  editURL = `http://127.0.0.1:${port}`;
  editor = spawn('npm', ['run', 'edit'], { cwd: copy, env: { ...personEnv, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const logs: string[] = [];
  editor.stdout?.on('data', (d) => logs.push(String(d)));
  editor.stderr?.on('data', (d) => logs.push(String(d)));
  const deadline = Date.now() + 90_000;
  for (;;) {
    const up = await fetch(`${editURL}/keystatic`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (editor.exitCode !== null || Date.now() > deadline) throw new Error(`npm run edit did not start:\n${logs.join('')}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  browser = await launch();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await site?.stop();
  stopGroup(editor);
  if (copy) rmSync(copy, { recursive: true, force: true });
});

/** A form of the editor, ready to type in. */
async function openForm(page: Page, entry: string): Promise<void> {
  await page.goto(`${editURL}/keystatic/singleton/${entry}`);
  await page.getByRole('button', { name: 'Save' }).waitFor();
}

describe('the content editor', () => {
  it('refuses a description of 20 characters with the schema’s message, and saves nothing', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await openForm(page, 'landing-es');
    const before = file('src/content/landing/es.json');
    await page.getByRole('textbox', { name: 'Description' }).fill('Veinte caracteres ya');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText(DESCRIPTION_MESSAGE).isVisible()).toBe(true);
    // The preview says the same, and why the editor will not save it.
    const preview = await context.newPage();
    await preview.goto(`${editURL}/preview/landing-es`);
    await expect.poll(() => preview.getByRole('status').textContent()).toContain(`meta.description: ${DESCRIPTION_MESSAGE}`);
    expect(file('src/content/landing/es.json')).toBe(before);
    await context.close();
  });

  it('previews and saves the Spanish hero title and a privacy section, which a rebuild publishes on /es/ and /privacy?lang=es', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await openForm(page, 'landing-es');
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(NEW_TITLE);

    // Before saving: the preview shows the Spanish landing page with the new title; the file is untouched.
    const preview = await context.newPage();
    await preview.goto(`${editURL}/preview/landing-es`);
    await expect.poll(() => preview.frameLocator('iframe').locator('h1').textContent()).toBe(NEW_TITLE);
    expect(await preview.frameLocator('iframe').locator('html').getAttribute('lang')).toBe('es');
    expect(file('src/content/landing/es.json')).not.toContain(NEW_TITLE);

    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => (JSON.parse(file('src/content/landing/es.json')) as { hero: { title: string } }).hero.title).toBe(NEW_TITLE);

    await openForm(page, 'privacy-es');
    await page.locator('[contenteditable="true"]').getByRole('heading', { name: SECTION, exact: true }).click();
    await page.keyboard.press('End');
    await page.keyboard.type(' y por qué');
    await preview.goto(`${editURL}/preview/privacy-es`);
    await expect.poll(() => preview.frameLocator('iframe').getByRole('heading', { name: NEW_SECTION }).count()).toBe(1);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => file('src/content/legal/es/privacy.md')).toContain(`## ${NEW_SECTION}\n`);
    await context.close();

    // The rebuild (the edit server's work is done: stopped, so that the build has the machine), served as `npm start` serves it.
    stopGroup(editor);
    expect(await run('astro', ['build'], { cwd: copy, env: personEnv, stdio: ['ignore', 'ignore', 'inherit'] })).toBe(0);
    site = await serveBuilt({ persist: join(copy, '.wrangler/state'), cwd: copy, label: 'the rebuilt copy' });
    const visitor = await browser.newPage({ baseURL: site.baseURL });
    await visitor.goto('/es/');
    expect(await visitor.locator('h1').textContent()).toBe(NEW_TITLE);
    await visitor.goto('/privacy?lang=es');
    await visitor.waitForURL(/\/es\/privacy$/);
    expect(await visitor.getByRole('heading', { name: NEW_SECTION }).count()).toBe(1);
    await visitor.close();
  }, 180_000);
});
