// Astro: static pages per language, React islands, served by one Cloudflare Worker.
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import cloudflare from '@astrojs/cloudflare';
import tailwindcss from '@tailwindcss/vite';
import islandPreload from './src/integrations/island-preload.mjs';

export default defineConfig({
  // Absolute base of canonical and hreflang URLs; set SITE_URL to the production origin when building.
  site: process.env.SITE_URL ?? 'http://localhost:8787',
  output: 'static',
  trailingSlash: 'ignore',
  adapter: cloudflare({ imageService: 'passthrough' }),
  // islandPreload: each island page preloads its whole static module graph (no import waterfall).
  integrations: [react(), islandPreload()],
  // 'preserve': privacy.astro -> privacy.html, served by Workers assets at /privacy without a redirect
  // ('directory' would make /privacy answer 307 to /privacy/); es/index.astro -> /es/.
  build: { inlineStylesheets: 'always', format: 'preserve' },
  vite: { plugins: [tailwindcss()] },
  devToolbar: { enabled: false },
});
