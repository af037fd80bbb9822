// The edit server (`npm run edit`): the public pages as `astro dev` renders them plus the content
// editor (src/editor/integration.ts: Keystatic on the local files, the preview of unsaved drafts).
// A configuration of its own so that the build that is deployed (astro.config.mjs) never carries
// the editor. No Cloudflare adapter: the editor saves to the files on disk, which Node can reach and
// the Worker runtime cannot; the public pages need none of the Worker.
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import app from './astro.config.mjs';
import contentEditor from './src/editor/integration';
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  site: app.site,
  trailingSlash: app.trailingSlash,
  build: app.build,
  markdown: app.markdown,
  devToolbar: { enabled: false },
  integrations: [react(), ...contentEditor()],
  // The editor's browser modules come from node_modules wherever it really is (a linked one, as in a
  // copy of the project with its node_modules linked in, lies outside the root Vite serves by default).
  vite: { plugins: [tailwindcss()], server: { fs: { allow: [root, realpathSync(`${root}node_modules`)] } } },
});
