// Content collections for the public site. Everything a marketer edits lives in src/content/:
// site/<lang>.json (header, footer, shared labels), landing/<lang>.json (landing page copy) and
// legal/<lang>/<page>.md (privacy policy and terms, one Markdown file per page and language).
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

const meta = z.object({ title: z.string().min(1), description: z.string().min(50).max(170) });

const site = defineCollection({
  loader: glob({ pattern: '*.json', base: './src/content/site' }),
  schema: z.object({
    brand: z.string().min(1),
    homeLabel: z.string().min(1),
    skipLink: z.string().min(1),
    languageNav: z.string().min(1),
    signIn: z.string().min(1),
    comingSoon: z.string().min(1),
    effectiveDate: z.string().min(1),
    footer: z.object({
      contactBefore: z.string(),
      email: z.email(),
      contactAfter: z.string(),
      copyright: z.string().includes('{year}'),
      legalNav: z.string().min(1),
      privacy: z.string().min(1),
      terms: z.string().min(1),
    }),
  }),
});

const countryCode = z.enum(['us', 'mx', 'br', 'ar', 'co', 'do', 'pr', 'pa']);

const landing = defineCollection({
  loader: glob({ pattern: '*.json', base: './src/content/landing' }),
  schema: z.object({
    meta,
    hero: z.object({
      eyebrow: z.string().min(1),
      title: z.string().min(1),
      subtitle: z.string().min(1),
      cta: z.string().min(1),
      ctaNote: z.string().min(1),
      appStoreUrl: z.url({ protocol: /^https$/ }),
      usersClaim: z.string().min(1),
    }),
    card: z.object({
      label: z.string(),
      balance: z.string(),
      change: z.string(),
      rows: z.array(z.object({ name: z.string(), value: z.string() })).length(3),
    }),
    countries: z.object({
      heading: z.string().min(1),
      text: z.string().min(1),
      flags: z.array(z.object({ code: countryCode, name: z.string().min(1) })).length(8),
    }),
    features: z
      .array(
        z.object({
          id: z.string().regex(/^[a-z-]+$/),
          label: z.string().min(1),
          title: z.string().min(1),
          text: z.string().min(1),
          bullets: z.array(z.string().min(1)).length(3),
          image: z.object({
            src: z.string().startsWith('/'),
            alt: z.string().min(1),
            width: z.number().int().positive(),
            height: z.number().int().positive(),
          }),
        }),
      )
      .length(3),
  }),
});

const legal = defineCollection({
  loader: glob({ pattern: '*/*.md', base: './src/content/legal' }),
  schema: z.object({
    title: z.string().min(1),
    description: z.string().min(50).max(170),
    effective: z.coerce.date(),
  }),
});

export const collections = { site, landing, legal };
