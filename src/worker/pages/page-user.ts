// Hands the page guard's verified user to the page Astro renders for this request. The adapter's
// handler gives a page only `Astro.locals.cfContext`, the execution context the entry passed in; the
// entry passes a fresh context object per request and this WeakMap ties the user to that object. So
// the user is reachable only from this request's render (another request has another key), nothing
// user-specific stays in module state once the request is over, and a page rendered without the
// guard (no entry in the map) finds no user and sends the visitor to /login.
export interface PageUser {
  /** The verified token's `sub`. */
  id: string;
  /** The verified token's `session_id` ('' when it names none): the Security page marks it as this device. */
  sessionId: string;
  /** The verified (maybe just refreshed) access token: the page's upstream reads carry it. */
  accessToken: string;
}

const users = new WeakMap<object, PageUser>();

/** A fresh per-request copy of `ctx`: the key under which this request's render finds what it is handed. */
export function ownContext(ctx: ExecutionContext): ExecutionContext {
  return {
    waitUntil: (p: Promise<unknown>) => ctx.waitUntil(p),
    passThroughOnException: () => ctx.passThroughOnException(),
    get props() {
      return ctx.props;
    },
  } as ExecutionContext;
}

/** A per-request copy of `ctx` that carries `user` to the page's frontmatter. */
export function contextWithUser(ctx: ExecutionContext, user: PageUser): ExecutionContext {
  const own = ownContext(ctx);
  users.set(own, user);
  return own;
}

/** The verified user of the request whose locals these are, or null when the guard did not pass it. */
export function pageUserOf(locals: { cfContext?: unknown }): PageUser | null {
  const ctx = locals.cfContext;
  return ctx && typeof ctx === 'object' ? (users.get(ctx) ?? null) : null;
}
