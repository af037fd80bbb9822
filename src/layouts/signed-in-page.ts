// The one prelude of a signed-in page rendered on the Worker (its frontmatter calls it): the page's
// loader (src/worker/pages/<page>-data.ts) for the verified user, and the early script's hash (which
// Astro cannot add itself: it fixes the policy header before the layout renders).
import type { AstroGlobal } from 'astro';
import { env } from 'cloudflare:workers';
import type { PageSeed } from '../shared/page-seed';
import type { Bindings } from '../worker/env';
import { pageUserOf, type PageUser } from '../worker/pages/page-user';
import { servedGateScriptHash } from './gate-script';

/** A page's loader: its reads (the shell's among them) for the verified user, in one step. */
export type PageLoader<T extends { seed: PageSeed }> = (request: Request, env: Bindings, user: PageUser, ctx?: ExecutionContext) => Promise<T>;

/**
 * The prelude of a signed-in page rendered on the Worker: its loader's answer for the verified user,
 * with the GETs its early script starts (`prefetchOf`: from what the loader could not serve; none by
 * default, the rest is read after hydration, not competing with the first paint) and that script's
 * hash added to the page's policy. A page without its user never gets here: src/middleware.ts sends
 * it to /login first.
 */
export async function signedInPage<T extends { seed: PageSeed }>(
  astro: Pick<AstroGlobal, 'locals' | 'request' | 'csp'>,
  load: PageLoader<T>,
  prefetchOf?: (data: T) => string[],
): Promise<T & { prefetch: string[] }> {
  const user = pageUserOf(astro.locals);
  if (!user) throw new Error('a signed-in page rendered without its verified user');
  // The adapter's execution context of this request (the entry passed it, the user tied to it).
  const reads = load(astro.request, env, user, (astro.locals as { cfContext?: ExecutionContext }).cfContext);
  let data: T;
  let prefetch: string[] = [];
  let hash: Awaited<ReturnType<typeof servedGateScriptHash>>;
  if (prefetchOf) {
    data = await reads;
    prefetch = prefetchOf(data);
    hash = await servedGateScriptHash(prefetch);
  } else [data, hash] = await Promise.all([reads, servedGateScriptHash(prefetch)]);
  astro.csp?.insertScriptHash(hash);
  return { ...data, prefetch };
}
