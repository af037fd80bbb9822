// The public site's content rules, once: src/content.config.ts checks every file with them at build
// time and the content editor (keystatic.config.ts) builds its fields from them
// (src/editor/fields.ts), so the editor refuses what the build would refuse, with the same
// message. `.meta({ title, description })` is what the editor shows a marketer beside a field.
import { z } from 'astro/zod';

/** What the build and the editor say about a description outside its limits. */
export const DESCRIPTION_MESSAGE = 'The description needs 50 to 170 characters: search results show it under the title.';

/** What they say about a copyright line without its year. */
export const COPYRIGHT_MESSAGE = 'The copyright line needs {year}, which the build replaces with the current year.';

const description = z
  .string()
  .min(50, DESCRIPTION_MESSAGE)
  .max(170, DESCRIPTION_MESSAGE)
  .meta({ title: 'Description', description: 'What search results show under the title: 50 to 170 characters.' });

const meta = z.object({ title: z.string().min(1).meta({ title: 'Page title', description: 'The browser tab and search results.' }), description });

export const siteSchema = z.object({
  brand: z.string().min(1),
  homeLabel: z.string().min(1).meta({ title: 'Home link label', description: 'Read by screen readers for the logo link.' }),
  skipLink: z.string().min(1).meta({ title: 'Skip link', description: 'The first link a keyboard user reaches.' }),
  languageNav: z.string().min(1).meta({ title: 'Language menu label' }),
  signIn: z.string().min(1).meta({ title: 'Sign-in link' }),
  comingSoon: z.string().min(1).meta({ title: 'Coming soon badge' }),
  effectiveDate: z.string().min(1).meta({ title: 'Effective date label', description: 'Before the date on the legal pages.' }),
  footer: z.object({
    contactBefore: z.string().meta({ title: 'Contact line, before the e-mail' }),
    email: z.email('An e-mail address, such as support@dolar.app').meta({ title: 'Contact e-mail' }),
    contactAfter: z.string().meta({ title: 'Contact line, after the e-mail' }),
    copyright: z.string().includes('{year}', { message: COPYRIGHT_MESSAGE }).meta({ title: 'Copyright', description: '{year} becomes the current year.' }),
    legalNav: z.string().min(1).meta({ title: 'Legal links label' }),
    privacy: z.string().min(1).meta({ title: 'Privacy link' }),
    terms: z.string().min(1).meta({ title: 'Terms link' }),
  }),
});

const countryCode = z.enum(['us', 'mx', 'br', 'ar', 'co', 'do', 'pr', 'pa']);

export const landingSchema = z.object({
  meta,
  hero: z.object({
    eyebrow: z.string().min(1).meta({ title: 'Eyebrow', description: 'The short line above the title.' }),
    title: z.string().min(1),
    subtitle: z.string().min(1),
    cta: z.string().min(1).meta({ title: 'App Store button' }),
    ctaNote: z.string().min(1).meta({ title: 'Note under the button' }),
    appStoreUrl: z.url({ protocol: /^https$/, error: 'An https:// address' }).meta({ title: 'App Store link' }),
    usersClaim: z.string().min(1).meta({ title: 'Users claim' }),
  }),
  card: z
    .object({
      label: z.string(),
      balance: z.string(),
      change: z.string(),
      rows: z.array(z.object({ name: z.string(), value: z.string() })).length(3),
    })
    .meta({ title: 'Balance card', description: 'The sample balance beside the hero; amounts as the app writes dollars ($1,234.56).' }),
  countries: z.object({
    heading: z.string().min(1),
    text: z.string().min(1),
    flags: z.array(z.object({ code: countryCode.meta({ title: 'Flag' }), name: z.string().min(1) })).length(8),
  }),
  features: z
    .array(
      z.object({
        id: z.string().regex(/^[a-z-]+$/, 'Lower-case letters and hyphens only').meta({ title: 'Id', description: 'The section anchor (#id).' }),
        label: z.string().min(1),
        title: z.string().min(1),
        text: z.string().min(1),
        bullets: z.array(z.string().min(1)).length(3),
        image: z.object({
          src: z.string().startsWith('/', 'A path under public/, starting with /').meta({ title: 'Image path' }),
          alt: z.string().min(1).meta({ title: 'Alternative text', description: 'What the screenshot shows, for screen readers.' }),
          width: z.number().int().positive(),
          height: z.number().int().positive(),
        }),
      }),
    )
    .length(3),
});

export const legalSchema = z.object({
  title: z.string().min(1),
  description,
  effective: z.coerce.date().meta({ title: 'Effective date' }),
});

export type SiteContent = z.output<typeof siteSchema>;
export type LandingContent = z.output<typeof landingSchema>;
export type LegalContent = z.output<typeof legalSchema>;
