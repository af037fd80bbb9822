// The counter behind every abuse limit: one Durable Object per limiter and key
// (`RATE_LIMITER.idFromName('RL_SENDS:<user id>')`). A Durable Object runs one call at a time, so
// `take` (drop lapsed slots, count, take one) is atomic however many requests race: a burst of 150
// concurrent sends gets exactly `limit` slots, and the rest are refused before any of them runs.
// The Workers Rate Limiting binding this replaces counted approximately per location and could not
// give a count back, so money routes had to count after the answer and a burst passed.
//
// Slots live in the object's SQLite storage (a restart or an eviction does not reset the window), at
// most `limit` rows per object; an alarm deletes the object's storage once its last slot lapses, so
// keys that stop calling (an address that tried once) leave nothing behind.
import { DurableObject } from 'cloudflare:workers';

export type TakeAnswer = { ok: true; slot: string } | { ok: false; retryAfterMs: number };

// It reads no binding, so it is typed without the Worker's (src/platform/bindings.ts names this class).
export class RateLimiter extends DurableObject<unknown> {
  /** The slots table (created on first use, and again after the alarm deleted everything). */
  private slots(): SqlStorage {
    const sql = this.ctx.storage.sql;
    sql.exec('CREATE TABLE IF NOT EXISTS slots (id TEXT PRIMARY KEY, until_ms INTEGER NOT NULL)');
    return sql;
  }

  /**
   * Takes one of `limit` slots of a sliding window of `periodMs`, or answers how long until the
   * oldest slot lapses. Synchronous on purpose: nothing can interleave between the count and the take.
   */
  take(limit: number, periodMs: number): TakeAnswer {
    const now = Date.now();
    const sql = this.slots();
    sql.exec('DELETE FROM slots WHERE until_ms <= ?', now);
    const { n, first } = sql.exec<{ n: number; first: number | null }>('SELECT COUNT(*) AS n, MIN(until_ms) AS first FROM slots').one();
    if (n >= limit) return { ok: false, retryAfterMs: Math.max(0, (first ?? now) - now) };
    const slot = crypto.randomUUID();
    const until = now + periodMs;
    sql.exec('INSERT INTO slots (id, until_ms) VALUES (?, ?)', slot, until);
    // The alarm only cleans up; a failure to set it never refuses a request.
    void this.ctx.storage
      .getAlarm()
      .then((at) => (at === null ? this.ctx.storage.setAlarm(until) : undefined))
      .catch(() => {});
    return { ok: true, slot };
  }

  /** Gives a slot back (its request was not decided); a slot already lapsed or given back is a no-op. */
  giveBack(slot: string): void {
    this.slots().exec('DELETE FROM slots WHERE id = ?', slot);
  }

  /** Slots in use now (tests and diagnostics). */
  inUse(): number {
    return this.slots().exec<{ n: number }>('SELECT COUNT(*) AS n FROM slots WHERE until_ms > ?', Date.now()).one().n;
  }

  /** Once the last slot has lapsed the object keeps nothing; otherwise looks again when the next lapses. */
  override async alarm(): Promise<void> {
    const sql = this.slots();
    sql.exec('DELETE FROM slots WHERE until_ms <= ?', Date.now());
    const { next } = sql.exec<{ next: number | null }>('SELECT MIN(until_ms) AS next FROM slots').one();
    if (next === null) await this.ctx.storage.deleteAll();
    else await this.ctx.storage.setAlarm(next);
  }
}
