// The islands wait for the app's whole sheet where the page carried only its own rules.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const load = async () => (await import('./app-sheet')).appSheetReady;

beforeEach(() => {
  vi.resetModules();
  document.head.innerHTML = '';
  // Gone for good: happy-dom keeps a Max-Age=0 cookie (empty, so "app-sheet=") until the next millisecond.
  document.cookie = 'app-sheet=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT';
});
afterEach(() => {
  vi.restoreAllMocks();
  document.head.innerHTML = '';
});

const named = () => {
  const meta = document.createElement('meta');
  meta.name = 'app-sheet';
  meta.content = '/_astro/app.X1.css';
  meta.dataset.version = 'app.X1.css';
  document.head.appendChild(meta);
};

describe('the app sheet on a page that carries its own rules', () => {
  it('is ready at once where the page linked it itself', async () => {
    await expect((await load())()).resolves.toBeUndefined();
    expect(document.querySelectorAll('link')).toHaveLength(0);
  });

  // The links the module adds, kept here: happy-dom loads no stylesheet (it would fail each at once).
  const added = () => {
    const links: HTMLLinkElement[] = [];
    vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T) => (links.push(node as unknown as HTMLLinkElement), node));
    return links;
  };

  it('is asked for once, and ready when it has loaded, with a cookie naming its version', async () => {
    named();
    const links = added();
    const ready = await load();
    let settled = false;
    const first = ready().then(() => (settled = true));
    void ready();
    expect(links).toHaveLength(1);
    expect(links[0]?.rel).toBe('stylesheet');
    expect(links[0]?.getAttribute('href')).toBe('/_astro/app.X1.css');
    await new Promise((r) => setTimeout(r));
    expect(settled).toBe(false);
    expect(document.cookie).not.toContain('app-sheet=');
    links[0]?.dispatchEvent(new Event('load'));
    await first;
    expect(document.cookie).toContain('app-sheet=app.X1.css');
  });

  it('lets the islands go on without a cookie when the sheet does not load', async () => {
    named();
    const links = added();
    const ready = (await load())();
    links[0]?.dispatchEvent(new Event('error'));
    await expect(ready).resolves.toBeUndefined();
    expect(document.cookie).not.toContain('app-sheet=');
  });
});
