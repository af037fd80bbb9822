// The content editor's Astro integration, used only by the edit server (astro.config.edit.mjs, `npm
// run edit`), never by the build that is deployed: Keystatic's editor (/keystatic) and its API
// (/api/keystatic), the preview of a page with its unsaved draft (/preview/<entry>), and the
// editor's own content security policy. The preview renders Markdown with the Markdown processor
// of this very configuration, so a draft's legal page reads as the built one will.
import keystatic from '@keystatic/astro';
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { setMarkdownRenderer } from './markdown';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

export default function contentEditor(): AstroIntegration[] {
  return [
    keystatic(),
    {
      name: 'content-preview',
      hooks: {
        'astro:config:setup': ({ injectRoute, addMiddleware }) => {
          injectRoute({ pattern: '/preview/[entry]', entrypoint: here('./PreviewShell.astro'), prerender: false });
          injectRoute({ pattern: '/preview/[entry]/draft', entrypoint: here('./PreviewDraft.astro'), prerender: false });
          // After the site's own middleware, so that it finds the editor's policy already set.
          addMiddleware({ entrypoint: here('./editor-csp.ts'), order: 'post' });
        },
        'astro:config:done': async ({ config }) => {
          const { markdown, image } = config;
          setMarkdownRenderer(
            await markdown.processor.createRenderer({
              image,
              syntaxHighlight: markdown.syntaxHighlight,
              shikiConfig: markdown.shikiConfig,
              gfm: markdown.gfm,
              smartypants: markdown.smartypants,
            }),
          );
        },
      },
    },
  ];
}
