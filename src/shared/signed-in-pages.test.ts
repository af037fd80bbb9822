import { describe, expect, it } from 'vitest';
import { experimental_readRawConfig } from 'wrangler';
import { isSignedInPagePath, SIGNED_IN_PAGES } from './signed-in-pages';

/** wrangler.toml's `run_worker_first` globs that are not the Hono app's (/api, /auth/v1). */
const workerFirstPages = (experimental_readRawConfig({ config: 'wrangler.toml' }).rawConfig.assets?.run_worker_first as string[]).filter(
  (glob) => !/^\/(api|auth\/v1)(\/\*)?$/.test(glob),
);

/** The glob that sends a declared page to the Worker: the path itself, or `/<first segment>/*` for a deeper one. */
const globOf = (path: string) => (path.split('/').length > 2 ? `/${path.split('/')[1]}/*` : path);

describe('the signed-in pages', () => {
  it("are what wrangler.toml's run_worker_first sends to the Worker before the static assets, no more and no fewer", () => {
    expect(new Set(workerFirstPages)).toEqual(new Set(SIGNED_IN_PAGES.map((p) => globOf(p.path))));
  });

  it('are guarded with or without a trailing slash, one segment per parameter', () => {
    for (const path of [
      '/dashboard',
      '/market/',
      '/accounts',
      '/accounts/usd',
      '/accounts/digital-assets/CC',
      '/settings',
      '/settings/security',
      '/settings/anything/',
    ]) {
      expect(isSignedInPagePath(path), path).toBe(true);
    }
  });

  it('leave /login, the public pages and deeper or unknown paths unguarded', () => {
    for (const path of [
      '/',
      '/login',
      '/es',
      '/privacy',
      '/terms',
      '/dashboardx',
      '/accounts/a/b',
      '/accounts/digital-assets/CC/x',
      '/settings/a/b',
      '/api/market',
    ]) {
      expect(isSignedInPagePath(path), path).toBe(false);
    }
  });
});
