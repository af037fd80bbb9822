// The content editor (Keystatic): one form per public content file and language, with the fields
// built from the content schema (src/content/schema.ts). `npm run edit` serves it on the local files
// (storage `local`: saving writes the files in src/content/). A deployment gets it only when built
// with PUBLIC_KEYSTATIC_GITHUB_REPO=owner/name: then it is Keystatic's GitHub mode, where only people
// who sign in with GitHub and may write to that repository can save (docs/public-site.md).
import { config, fields, singleton } from '@keystatic/core';
import { editorFields } from './src/editor/fields';
import { editorEntries, languageSections } from './src/editor/entries';
import { landingSchema, legalSchema, siteSchema } from './src/content/schema';

const repo = import.meta.env.PUBLIC_KEYSTATIC_GITHUB_REPO as `${string}/${string}` | undefined;

const schemas = {
  site: editorFields(siteSchema),
  landing: editorFields(landingSchema),
  // Each `##` heading of the body is one numbered section of the page.
  legal: { ...editorFields(legalSchema), body: fields.markdoc({ label: 'Text', extension: 'md' }) },
};

export default config({
  storage: repo ? { kind: 'github', repo } : { kind: 'local' },
  ui: { brand: { name: 'Dólar public site' }, navigation: languageSections },
  singletons: Object.fromEntries(
    editorEntries.map(({ key, kind, path, label }) => [
      key,
      singleton({
        label,
        path,
        format: kind === 'legal' ? { contentField: 'body' } : { data: 'json' },
        previewUrl: `/preview/${key}`,
        schema: schemas[kind],
      }),
    ]),
  ),
});
