// Stale-while-revalidate on Workers KV. A value is fresh for `freshMs`; after that the cached copy is
// served at once and refreshed in the background (ctx.waitUntil) by one request at a time (a lock key
// in KV plus an in-isolate guard); if the source fails, the stale copy keeps being served until
// `maxStaleMs` and the failure is logged. Values are stored serialized, so a hit costs one KV read
// (none while the isolate holds a fresh copy) and no JSON parse. Keys are versioned by the caller
// (e.g. `market:v1:list`).
//
// Caches whose values must agree share an epoch (`epoch()`, e.g. the market's 5-minute price
// bucket): a copy fetched in an earlier epoch is never served while the source answers, however
// young; it is reloaded at once, and served (as stale) only when that load fails. So the market list
// and a price history cached apart never show two buckets side by side.
//
// A value keeps its real age: a load that puts together fresh parts and parts kept from the cached
// copy (a source failed) answers `aged(value, fetchedAt)` with the kept part's fetchedAt, and the
// entry is stored with that age, so it is never reported fresh and expires `maxStaleMs` after its
// oldest part was fetched. Such a partial refresh keeps the lock, like a failed one, to space out
// retries.
export interface SwrOptions {
  freshMs: number;
  maxStaleMs: number;
  /** How long a refresh holds the lock (also the back-off after a failed refresh). */
  lockMs: number;
  waitUntil?: (p: Promise<unknown>) => void;
  now?: () => number;
  /** The current epoch: a copy stored in another one is reloaded before it is served (see above). */
  epoch?: () => number;
}

export type SwrState = 'fresh' | 'stale' | 'miss';

export interface SwrResult {
  /** The cached value, serialized as JSON. */
  json: string;
  state: SwrState;
  fetchedAt: number;
}

interface EntryMeta {
  fetchedAt: number;
  epoch?: number;
}

/** A loaded value whose oldest part was fetched at `fetchedAt` (before now). */
export class Aged<T = unknown> {
  constructor(
    readonly value: T,
    readonly fetchedAt: number,
  ) {}
}

/** Marks a loaded value as only as new as its oldest part. */
export const aged = <T>(value: T, fetchedAt: number) => new Aged(value, fetchedAt);

const KV_MIN_TTL_S = 60;
const loading = new Map<string, Promise<SwrResult>>();
const refreshing = new Set<string>();
// The isolate's own copy of each fresh value: while it is fresh a hit needs no KV read at all (KV
// itself may serve a copy up to 60 s old from its edge cache, so this adds no staleness). The read
// was about a fifth of the Worker's CPU per cached /api/market under wrangler dev (npm run bench).
const memo = new Map<string, { json: string; fetchedAt: number; epoch?: number }>();

/** Forgets the isolate's copies (tests that write KV directly). */
export function forgetIsolateCopies(): void {
  memo.clear();
}

export const lockKeyOf = (key: string) => `${key}:lock`;

export async function swr(kv: KVNamespace, key: string, load: () => Promise<unknown>, opts: SwrOptions): Promise<SwrResult> {
  const now = opts.now ?? Date.now;
  const epoch = opts.epoch?.();
  const near = memo.get(key);
  if (near && near.epoch === epoch && now() - near.fetchedAt < opts.freshMs) return { json: near.json, state: 'fresh', fetchedAt: near.fetchedAt };
  const hit = await kv.getWithMetadata<EntryMeta>(key, 'text');
  const fetchedAt = hit.metadata?.fetchedAt;
  if (hit.value !== null && typeof fetchedAt === 'number') {
    const age = now() - fetchedAt;
    // A copy that names no epoch (stored without one) is judged by its age alone.
    const copyEpoch = hit.metadata?.epoch;
    if (copyEpoch !== undefined && copyEpoch !== epoch) {
      // Another epoch's copy: the source first; the copy only if it fails and is young enough.
      try {
        const loaded = await loadOnce(kv, key, load, opts);
        // A load that kept parts of the old copy (a source failed) is as old as they are.
        return { ...loaded, state: now() - loaded.fetchedAt < opts.freshMs ? 'miss' : 'stale' };
      } catch (err) {
        if (age >= opts.maxStaleMs) throw err;
        console.error(`cache reload failed for ${key}, serving the last epoch's copy:`, err instanceof Error ? err.message : String(err));
        return { json: hit.value, state: 'stale', fetchedAt };
      }
    }
    if (age < opts.freshMs) {
      memo.set(key, { json: hit.value, fetchedAt, epoch });
      return { json: hit.value, state: 'fresh', fetchedAt };
    }
    if (age < opts.maxStaleMs) {
      const refresh = revalidate(kv, key, load, opts);
      if (opts.waitUntil) opts.waitUntil(refresh);
      return { json: hit.value, state: 'stale', fetchedAt };
    }
  }
  // Miss (or older than maxStale): load now.
  return { ...(await loadOnce(kv, key, load, opts)), state: 'miss' };
}

/**
 * Loads and stores now, whatever the age of the cached copy: for a writer that knows the source just
 * changed (the market's prices moved), so the next read serves the new value, not the copy it replaced.
 */
export const reload = (kv: KVNamespace, key: string, load: () => Promise<unknown>, opts: SwrOptions): Promise<SwrResult> => store(kv, key, load, opts);

/** Loads and stores now; concurrent loads of one key in one isolate share one. */
function loadOnce(kv: KVNamespace, key: string, load: () => Promise<unknown>, opts: SwrOptions): Promise<SwrResult> {
  let pending = loading.get(key);
  if (!pending) {
    pending = store(kv, key, load, opts).finally(() => loading.delete(key));
    loading.set(key, pending);
  }
  return pending;
}

async function store(kv: KVNamespace, key: string, load: () => Promise<unknown>, opts: SwrOptions): Promise<SwrResult> {
  const now = opts.now ?? Date.now;
  // The epoch when the load began: a load that ran across a turn is reloaded by the next read.
  const epoch = opts.epoch?.();
  const loaded = await load();
  const at = now();
  const value: unknown = loaded instanceof Aged ? loaded.value : loaded;
  const fetchedAt = loaded instanceof Aged ? Math.min(at, loaded.fetchedAt) : at;
  const json = JSON.stringify(value);
  await kv.put(key, json, {
    metadata: { fetchedAt, epoch } satisfies EntryMeta,
    expirationTtl: Math.max(KV_MIN_TTL_S, Math.ceil((opts.maxStaleMs - (at - fetchedAt)) / 1000)),
  });
  memo.set(key, { json, fetchedAt, epoch });
  return { json, state: 'miss', fetchedAt };
}

/** Background refresh, at most one at a time across isolates; failures are logged, never thrown. */
async function revalidate(kv: KVNamespace, key: string, load: () => Promise<unknown>, opts: SwrOptions): Promise<void> {
  const now = opts.now ?? Date.now;
  const lockKey = lockKeyOf(key);
  if (refreshing.has(key)) return;
  refreshing.add(key);
  try {
    const held = await kv.get<{ until: number }>(lockKey, 'json');
    if (held && held.until > now()) return;
    await kv.put(lockKey, JSON.stringify({ until: now() + opts.lockMs }), {
      expirationTtl: Math.max(KV_MIN_TTL_S, Math.ceil(opts.lockMs / 1000)),
    });
    try {
      const stored = await store(kv, key, load, opts);
      // A partial refresh (part of the value kept from the old copy) holds the lock until it lapses.
      if (now() - stored.fetchedAt < opts.freshMs) await kv.delete(lockKey);
    } catch (err) {
      // Keep serving the stale copy; the lock stays until it lapses, which spaces out retries.
      console.error(`cache refresh failed for ${key}:`, err instanceof Error ? err.message : String(err));
    }
  } catch (err) {
    console.error(`cache refresh could not run for ${key}:`, err instanceof Error ? err.message : String(err));
  } finally {
    refreshing.delete(key);
  }
}
