// The edit server's Markdown renderer, handed from its integration (which has the configuration)
// to the preview route (which runs in the same process): the one the build renders legal pages with.
import type { MarkdownRenderer } from 'astro/markdown';

const KEY = Symbol.for('dolar-app.editor.markdown');
type Holder = { [KEY]?: MarkdownRenderer };

export function setMarkdownRenderer(renderer: MarkdownRenderer): void {
  (globalThis as Holder)[KEY] = renderer;
}

/** The HTML of a Markdown body, as the built page has it. */
export async function renderMarkdown(body: string): Promise<string> {
  const renderer = (globalThis as Holder)[KEY];
  if (!renderer) throw new Error('The preview runs on the edit server only (npm run edit)');
  return (await renderer.render(body)).code;
}
