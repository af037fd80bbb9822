// Where /login may send a visitor back to (`?next=`): the one check of that value, used by the
// sign-in island in the browser and by the Worker and pages that build `/login?next=...`.
// The value is judged AFTER the URL parser has normalised it, since the parser resolves dot
// segments (`/.//host` becomes `//host`, which a browser reads as another host) and drops tabs and
// newlines: a safe `next` resolves on our origin to a path with exactly one leading `/` and no
// backslash or control character in its path, raw or percent-encoded. Anything else falls back to
// the default destination.

/** Where a signed-in visitor goes when there is no safe `next`. */
export const DEFAULT_AFTER_SIGN_IN = '/dashboard';

/**
 * The first signed-in screen, where /dashboard sends a signed-in visitor on to. The Worker's own
 * sign-in (/login's forms) answers it directly: one redirect fewer, and /dashboard's redirect needs
 * its script, which a visitor without JavaScript does not run.
 */
export const FIRST_SIGNED_IN_SCREEN = '/transactions';

/** A stand-in origin: only the path, query and fragment of the resolved value are ever returned. */
const BASE = 'https://app.invalid';

/** Control characters (which URL parsing strips or keeps encoded) and backslashes. */
const FORBIDDEN = /[\u0000-\u001f\u007f\\]/;

/** The path, query and fragment `next` names when it is a safe same-origin path, else the default. */
export function safeNext(next: string | null | undefined, fallback: string = DEFAULT_AFTER_SIGN_IN): string {
  if (!next || !next.startsWith('/') || FORBIDDEN.test(next)) return fallback;
  let url: URL;
  let path: string;
  try {
    url = new URL(next, BASE);
    path = decodeURIComponent(url.pathname);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  // One leading slash, and the same once percent-decoded (`/%2F%2Fhost`, `/%5Chost`, `/%09/host`).
  if (!/^\/(?![/\\])/.test(url.pathname) || !/^\/(?!\/)/.test(path) || FORBIDDEN.test(path)) return fallback;
  return url.pathname + url.search + url.hash;
}

/**
 * Where a signed-out visit to `url` goes: /login with the page (path and query) to come back to, held
 * to the same rule as the way back, so the server never writes an unsafe `next` either.
 */
export function loginLocation(url: URL): string {
  const page = url.pathname + url.search;
  return safeNext(page, '') === page ? `/login?next=${encodeURIComponent(page)}` : '/login';
}
