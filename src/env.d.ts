/// <reference types="astro/client" />

interface ImportMetaEnv {
  readonly PUBLIC_SUPABASE_URL?: string;
  readonly PUBLIC_SUPABASE_PUBLISHABLE_KEY?: string;
  /** `demo` when built by `npm run deploy:demo`: every page carries the demo banner. */
  readonly PUBLIC_APP_MODE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

declare namespace Astro {
  interface ClientDirectives {
    /** Hydrates on idle or at the first press inside the island, replaying that press; "press" (or "press:<localStorage key>") skips the idle start (src/integrations/tap-directive.ts). */
    'client:tap'?: boolean | string;
  }
}

declare module 'virtual:page-dictionaries' {
  /** The URL of each page's dictionary per language, by route pattern (src/integrations/page-dictionaries.ts). */
  export const pageDictionaries: Partial<Record<string, Record<import('./i18n').Lang, string>>>;
}
