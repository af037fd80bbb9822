// The content editor's preview: an unsaved draft (the files the editor would write, as text) read
// into the content the public page renders, checked by the same schema as the build. A draft the
// build would refuse is not rendered: its message says which field and why.
import { parseFrontmatter } from 'astro/markdown';
import { landingSchema, legalSchema, siteSchema, type LandingContent, type LegalContent, type SiteContent } from '../content/schema';
import type { EditorEntry } from './entries';
import type { z } from 'astro/zod';

export type DraftContent =
  { kind: 'site'; content: SiteContent } | { kind: 'landing'; content: LandingContent } | { kind: 'legal'; content: LegalContent; body: string };

export type DraftResult = { ok: true; draft: DraftContent } | { ok: false; message: string };

/** The file an entry is written to: JSON data, or Markdown with its fields as front matter. */
export const entryFile = (entry: EditorEntry) => `${entry.path}.${entry.kind === 'legal' ? 'md' : 'json'}`;

/** Each problem as `field.path: message`, as a marketer would look for it in the form. */
const problems = (error: z.ZodError) => error.issues.map((issue) => `${issue.path.join('.') || 'file'}: ${issue.message}`).join('\n');

/** Reads the draft of `entry` from the files the editor would save (path → text). */
export function readDraft(entry: EditorEntry, files: Record<string, string>): DraftResult {
  const file = entryFile(entry);
  const text = files[file];
  if (text === undefined) return { ok: false, message: `The draft has no ${file}` };
  if (entry.kind === 'legal') {
    let parsed: ReturnType<typeof parseFrontmatter>;
    try {
      parsed = parseFrontmatter(text);
    } catch (err) {
      return { ok: false, message: `${file}: the front matter is not valid YAML (${(err as Error).message})` };
    }
    const data = legalSchema.safeParse(parsed.frontmatter);
    return data.success ? { ok: true, draft: { kind: 'legal', content: data.data, body: parsed.content } } : { ok: false, message: problems(data.error) };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, message: `${file} is not valid JSON` };
  }
  if (entry.kind === 'site') {
    const data = siteSchema.safeParse(json);
    return data.success ? { ok: true, draft: { kind: 'site', content: data.data } } : { ok: false, message: problems(data.error) };
  }
  const data = landingSchema.safeParse(json);
  return data.success ? { ok: true, draft: { kind: 'landing', content: data.data } } : { ok: false, message: problems(data.error) };
}
