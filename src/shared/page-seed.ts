// What a signed-in page rendered on the Worker hands its React island: the user, the language, and
// the shell's data (the account profile for the navbar's name, the account list and the active
// account for the selector). It travels only as the island's props: on the server it reaches the
// components through React context, never a module-level store (stores are shared by every request
// of an isolate); in the browser the island seeds the stores from it before it hydrates.
// Types only (`import type`), so neither zod nor the response schemas reach a page's JavaScript.
import type { z } from 'zod';
import type { Lang } from '../i18n';
import type { accountLink, profile } from './schemas/account';

export interface PageSeed {
  /** The page's path as requested (the sidebar marks its link as current). */
  path: string;
  /** The verified user's id (the session the page was rendered for). */
  userId: string;
  /** The page's language: the account's, else the browser's (es gives es, fr gives fs, else en). */
  lang: Lang;
  /**
   * The time zone dates are shown in on the server and during hydration: the browser's own, from the
   * `tz` cookie the page's early script keeps (src/layouts/gate-script.ts), else UTC until it has one.
   */
  timeZone: string;
  account: z.infer<typeof profile> | null;
  accounts: z.infer<typeof accountLink>[];
  activeAccount: z.infer<typeof accountLink> | null;
}

/** The cookie the browser keeps its time zone in, so the server can show dates as the browser would. */
export const TIME_ZONE_COOKIE = 'tz';

/** Rows a table sends in the HTML: about a phone's first screen; the rest loads after hydration. */
export const FIRST_SCREEN_ROWS = 12;
