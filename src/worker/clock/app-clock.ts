// The app's clock: one Durable Object (`CLOCK.idFromName('app')`) whose alarm runs the timed work of
// ./jobs.ts when it is due, the same way deployed and under `npm start` (wrangler dev runs Durable
// Object alarms; it does not run Cron Triggers). The alarm is set for the earliest due time of any
// job, read from the jobs' own rows: after each run, and whenever a money call may have changed it
// (`wakeClock` of ./wake.ts, after the answer: a new offer's expiry, or an offer settled before it lapsed). The read
// and the set happen with the object's other events held back, so a wake that read the rows before a
// commit cannot set its older time after the wake that follows that commit.
// A run whose job fails is tried again CLOCK_RETRY_MS later: the work stays due in its rows, so the
// schedule is never lost. Idle where the ledger is not the embedded one (`clockOf` answers null).
import { DurableObject } from 'cloudflare:workers';
import type { Bindings } from '../env';
import { JOBS } from './jobs';

/** How long after a failed run the clock tries again. */
export const CLOCK_RETRY_MS = 60_000;

export class AppClock extends DurableObject<Bindings> {
  /** Sets the alarm for the earliest due time of any job (none when nothing is due); answers it. */
  wake(): Promise<number | null> {
    return this.ctx.blockConcurrencyWhile(async () => {
      const at = await nextDueMs(this.env);
      if (at === null) await this.ctx.storage.deleteAlarm();
      else await this.ctx.storage.setAlarm(at);
      return at;
    });
  }

  override async alarm(): Promise<void> {
    const nowMs = Date.now();
    let failed = false;
    for (const job of JOBS) {
      try {
        await job.run(this.env, nowMs);
      } catch (err) {
        failed = true;
        console.error(`[clock] ${job.name} failed:`, err instanceof Error ? err.message : String(err));
      }
    }
    if (failed) await this.ctx.storage.setAlarm(nowMs + CLOCK_RETRY_MS);
    else await this.wake();
  }
}

/** The earliest due time of any job, or null when none has work coming. */
async function nextDueMs(env: Bindings): Promise<number | null> {
  const due = (await Promise.all(JOBS.map((job) => job.nextDueMs(env)))).filter((at): at is number => at !== null);
  return due.length > 0 ? Math.min(...due) : null;
}
