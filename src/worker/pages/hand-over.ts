// How the entry hands something of one request to the page Astro renders for it. The adapter's
// handler gives a page only `Astro.locals.cfContext`, the execution context the entry passed in; the
// entry passes a fresh context object per request and a WeakMap ties the value to that object. So
// the value is reachable only from this request's render (another request has another key), and
// nothing of it stays in module state once the request is over.

export interface HandOver<T> {
  /** A per-request copy of `ctx` that carries `value` to the page's frontmatter. */
  context: (ctx: ExecutionContext, value: T) => ExecutionContext;
  /** The value handed to the request whose locals these are, or null when none was. */
  of: (locals: { cfContext?: unknown }) => T | null;
}

export function handOver<T>(): HandOver<T> {
  const values = new WeakMap<object, T>();
  return {
    context: (ctx, value) => {
      const own = {
        waitUntil: (p: Promise<unknown>) => ctx.waitUntil(p),
        passThroughOnException: () => ctx.passThroughOnException(),
        get props() {
          return ctx.props;
        },
      } as ExecutionContext;
      values.set(own, value);
      return own;
    },
    of: (locals) => {
      const ctx = locals.cfContext;
      return ctx && typeof ctx === 'object' ? (values.get(ctx) ?? null) : null;
    },
  };
}
