// The abuse limits' counter (src/platform/rate-limiter.ts), one object per limiter and key: a sliding
// window of slots, a slot given back frees at once, and an object keeps nothing once its slots lapse.
import { env } from 'cloudflare:workers';
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { RateLimiter } from '../../../src/platform/rate-limiter';

const ns = env.RATE_LIMITER;
const fresh = () => ns.get(ns.idFromName(`test:${crypto.randomUUID()}`));

describe('the rate limiter object', () => {
  it('gives out exactly `limit` slots, then refuses with the time until the oldest lapses', async () => {
    const stub = fresh();
    for (let i = 0; i < 3; i++) expect((await stub.take(3, 60_000)).ok).toBe(true);
    const refused = await stub.take(3, 60_000);
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.retryAfterMs).toBeGreaterThan(55_000);
      expect(refused.retryAfterMs).toBeLessThanOrEqual(60_000);
    }
    expect(await stub.inUse()).toBe(3);
  });

  it('frees a slot given back at once, and ignores a slot given back twice or unknown', async () => {
    const stub = fresh();
    const first = await stub.take(1, 60_000);
    expect((await stub.take(1, 60_000)).ok).toBe(false);
    if (!first.ok) throw new Error('the first slot was refused');
    await stub.giveBack(first.slot);
    await stub.giveBack(first.slot);
    await stub.giveBack('not-a-slot');
    expect((await stub.take(1, 60_000)).ok).toBe(true);
    expect((await stub.take(1, 60_000)).ok).toBe(false);
  });

  it('lets a slot lapse after its period (a sliding window), and its alarm deletes the storage of an idle object', async () => {
    const stub = fresh();
    expect((await stub.take(1, 1)).ok).toBe(true);
    await new Promise((r) => setTimeout(r, 5));
    expect((await stub.take(1, 1)).ok).toBe(true);
    await new Promise((r) => setTimeout(r, 5));
    // The alarm is due 1 ms after the slot: run it now unless the runtime already has.
    await runDurableObjectAlarm(stub);
    const rows = await runInDurableObject(
      stub,
      (_: RateLimiter, state: DurableObjectState) =>
        state.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'slots'").one().n,
    );
    expect(rows).toBe(0);
    // Usable again after the clean-up.
    expect((await stub.take(1, 60_000)).ok).toBe(true);
  });
});
