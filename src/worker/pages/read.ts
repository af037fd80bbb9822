// How a signed-in page rendered on the Worker reads its data: through the same upstream port the BFF
// forwards to (the embedded core in-process, or the remote upstream), by the contract's own
// declarations. A read names the resource's mount and its route object (src/shared/contract), so its
// path, params and query are the declaration's and its answer is typed by the declared schema: a
// wrong path or answer type fails the type check. A failed read answers null: the island then loads
// that part as it does today (its own loading or error state).
import type { z } from 'zod';
import type { FORWARDED } from '../../shared/contract';
import type { Bindings } from '../env';
import { selectUpstream } from '../upstream/select';
import type { PageUser } from './page-user';

type Mount = keyof typeof FORWARDED;
type ReadOf<M extends Mount> = Extract<(typeof FORWARDED)[M][number], { method: 'get' }>;
type RequestPart<R, K extends 'params' | 'query'> = R extends { request: { [P in K]: infer S extends z.ZodType } } ? z.input<S> : never;
/** The declared 200 answer's `data`. */
export type AnswerOf<R> = R extends { responses: { 200: { content: { 'application/json': { schema: z.ZodObject<{ data: infer D extends z.ZodType }> } } } } }
  ? z.infer<D>
  : never;
/** The route's path params (when it declares any) and its query as strings (when it declares one). */
type ReadInput<R> = ([RequestPart<R, 'params'>] extends [never] ? { params?: never } : { params: RequestPart<R, 'params'> }) &
  ([RequestPart<R, 'query'>] extends [never] ? { query?: never } : { query?: { [K in keyof RequestPart<R, 'query'>]?: string } });

/** Who a page reads for, with what. */
export interface PageReader {
  env: Bindings;
  user: PageUser;
  ctx?: ExecutionContext;
}

/** One declared GET's `data` for the page's user, or null when it answers anything but 200 or fails. */
export async function read<M extends Mount, R extends ReadOf<M>>(
  { env, user, ctx }: PageReader,
  mount: M,
  route: R,
  ...[input]: [RequestPart<R, 'params'>] extends [never] ? [input?: ReadInput<R>] : [input: ReadInput<R>]
): Promise<AnswerOf<R> | null> {
  const params = (input?.params ?? {}) as Record<string, string>;
  const path = (mount + (route.path === '/' ? '' : route.path)).replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  try {
    const res = await selectUpstream(env).call({ method: 'GET', path, query: input?.query, userId: user.id, accessToken: user.accessToken }, ctx);
    if (res.status !== 200) return null;
    return (res.body as { data?: AnswerOf<R> } | null)?.data ?? null;
  } catch (err) {
    console.error('page read failed', path, err instanceof Error ? err.message : String(err));
    return null;
  }
}

/**
 * `read`'s answer, or null when it has not settled `ms` after `start` has (or when `start` fails): a
 * page then answers without that part and its island reads it as before. `onLate` says so in the log.
 */
export async function unlessLate<T>(read: Promise<T | null>, ms: number, start: Promise<unknown> = Promise.resolve(), onLate?: () => void): Promise<T | null> {
  let settled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = start.then(
    () =>
      settled
        ? null
        : new Promise<null>((resolve) => {
            timer = setTimeout(() => {
              onLate?.();
              resolve(null);
            }, ms);
          }),
    () => null,
  );
  try {
    return await Promise.race([read, late]);
  } finally {
    settled = true;
    clearTimeout(timer);
  }
}
