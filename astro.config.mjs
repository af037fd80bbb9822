// Astro: static pages per language, React islands, served by one Cloudflare Worker.
import { defineConfig } from 'astro/config';
import react from './src/integrations/react-string-renderer.mjs';
import cloudflare from '@astrojs/cloudflare';
import tailwindcss from '@tailwindcss/vite';
import { loadEnv } from 'vite';
import { securityHeaders } from './src/integrations/security-headers';
import { HEADER_ONLY_DIRECTIVES, pageBaseDirectives } from './src/worker/security-policy';

// The Supabase project the islands sign in with (empty: the app's own /auth/v1), as the build sees it.
const { PUBLIC_SUPABASE_URL: supabaseUrl } = loadEnv(process.env.NODE_ENV ?? 'production', process.cwd(), 'PUBLIC_');
import islandPreload from './src/integrations/island-preload.mjs';
import pageDictionaries from './src/integrations/page-dictionaries';
import { fileURLToPath } from 'node:url';

/** `client:tap` (src/integrations/tap-directive.ts): idle or the first press hydrates, and a press before it is replayed. */
const tapDirective = {
  name: 'tap-directive',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) =>
      addClientDirective({ name: 'tap', entrypoint: fileURLToPath(new URL('./src/integrations/tap-directive.ts', import.meta.url)) }),
  },
};

/**
 * The browser's bundle drops the zod schemas it does not use: a module of shared schemas defines
 * the API's and the forms' side by side, and a schema is a call (z.object(...)) the bundler must
 * otherwise keep and run when the module loads (a dialog's chunk evaluated ~100 ms of zod schemas
 * at 4x, most of them for the API's queries: npm run bench, bench/profile-page.mjs). Calls through
 * `z` and `zf` (how src/shared/schemas imports zod) are pure; zod's one configuration call,
 * z.config, goes through `configureZod` in src/shared/schemas/messages.ts so it is kept.
 * The Worker's bundle is left alone.
 */
const pureSchemasInTheBrowser = {
  name: 'pure-schemas-in-the-browser',
  configEnvironment: (name) => (name === 'client' ? { build: { rolldownOptions: { treeshake: { manualPureFunctions: ['z', 'zf'] } } } } : undefined),
};

/** Stylesheets up to this size are inlined into the page (see `build` below). */
const INLINE_CSS_MAX_BYTES = 32_000;

export default defineConfig({
  // Absolute base of canonical and hreflang URLs; set SITE_URL to the production origin when building.
  site: process.env.SITE_URL ?? 'http://localhost:8787',
  output: 'static',
  trailingSlash: 'ignore',
  adapter: cloudflare({ imageService: 'passthrough' }),
  // islandPreload: each island page preloads its whole static module graph (no import waterfall).
  // pageDictionaries: each page's strings per language, only those its islands can show.
  integrations: [react(), tapDirective, islandPreload(), pageDictionaries(), securityHeaders({ supabaseUrl })],
  // 'preserve': privacy.astro -> privacy.html, served by Workers assets at /privacy without a redirect
  // ('directory' would make /privacy answer 307 to /privacy/); es/index.astro -> /es/.
  // Stylesheets: the public pages' sheet (~23 kB) stays inline (most visitors see one page, and an
  // inline sheet saves them a render-blocking round trip); the signed-in app's sheet (~44 kB) is one
  // immutable file every signed-in page shares, so it is fetched once per version instead of with
  // every page, and each page's HTML fits TCP's first window (~14 kB) on a fresh connection.
  build: { inlineStylesheets: 'auto', format: 'preserve' },
  vite: {
    plugins: [tailwindcss(), pureSchemasInTheBrowser],
    build: { assetsInlineLimit: (file, content) => (file.endsWith('.css') ? content.length < INLINE_CSS_MAX_BYTES : undefined) },
  },
  devToolbar: { enabled: false },
  // Shiki colours code with inline style attributes, which the CSP refuses; the site shows no code.
  markdown: { syntaxHighlight: false },
  // Each page gets a CSP <meta> with the hashes of its own inline scripts and styles (no
  // 'unsafe-inline'); the `_headers` policy carries the rest (see src/integrations/security-headers.ts).
  // checkOrigin off: Astro's check refused every bodiless POST, PATCH and DELETE without an Origin
  // header (curl, mobile apps, servers) with a bare 403 before our code ran, although /api and
  // /auth/v1 authenticate by bearer token and answer cross-site requests themselves (the Hono app's
  // CORS rule). src/middleware.ts keeps the same check for every other route rendered on demand.
  // (Since the Worker entry, src/worker/entry.ts, sends /api and /auth/v1 to Hono before Astro runs,
  // turning it back on would no longer touch them; the middleware's rule is kept as it is.)
  security: {
    checkOrigin: false,
    csp: { directives: pageBaseDirectives({ supabaseUrl }).filter((d) => !HEADER_ONLY_DIRECTIVES.includes(d)) },
  },
});
