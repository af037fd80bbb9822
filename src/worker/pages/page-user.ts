// Hands the page guard's verified user to the page Astro renders for this request (hand-over.ts:
// tied to the request's own execution context). A page rendered without the guard finds no user and
// sends the visitor to /login.
import { handOver } from './hand-over';

export interface PageUser {
  /** The verified token's `sub`. */
  id: string;
  /** The verified token's `session_id` ('' when it names none): the Security page marks it as this device. */
  sessionId: string;
  /** The verified (maybe just refreshed) access token: the page's upstream reads carry it. */
  accessToken: string;
}

const users = handOver<PageUser>();

/** A per-request copy of `ctx` that carries `user` to the page's frontmatter. */
export const contextWithUser = users.context;

/** The verified user of the request whose locals these are, or null when the guard did not pass it. */
export const pageUserOf = users.of;
