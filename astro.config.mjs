// Astro: static pages per language, React islands, served by one Cloudflare Worker.
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import cloudflare from '@astrojs/cloudflare';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  site: 'http://localhost:8787',
  output: 'static',
  trailingSlash: 'ignore',
  adapter: cloudflare({ imageService: 'passthrough' }),
  integrations: [react()],
  build: { inlineStylesheets: 'always', format: 'directory' },
  vite: { plugins: [tailwindcss()] },
  devToolbar: { enabled: false },
});
