// Content collections for the public site. Everything a marketer edits lives in src/content/:
// site/<lang>.json (header, footer, shared labels), landing/<lang>.json (landing page copy) and
// legal/<lang>/<page>.md (privacy policy and terms, one Markdown file per page and language).
// Their rules are in src/content/schema.ts, which the content editor's fields are built from too.
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { landingSchema, legalSchema, siteSchema } from './content/schema';

const site = defineCollection({ loader: glob({ pattern: '*.json', base: './src/content/site' }), schema: siteSchema });
const landing = defineCollection({ loader: glob({ pattern: '*.json', base: './src/content/landing' }), schema: landingSchema });
const legal = defineCollection({ loader: glob({ pattern: '*/*.md', base: './src/content/legal' }), schema: legalSchema });

export const collections = { site, landing, legal };
