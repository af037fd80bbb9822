// The Worker's Cron Trigger (wrangler.toml `[triggers] crons`, every minute): lapsed transfer offers
// expire without anyone acting. Only the embedded mode owns a ledger (APP_MODE local or
// demo with no UPSTREAM_API_URL); in production the upstream expires its own offers, so the job does
// nothing there. After expiring, the parties whose screens changed are told (live updates).
import { expireLapsedOffers } from '../core/ledger/expiry';
import { appMode } from '../platform/app-mode';
import { nowIso } from '../platform/primitives';
import type { Bindings } from './env';
import { notifyParties } from './live/notify';

/** Whether this Worker's ledger is the embedded one (so the expiry job is its to run). */
export const ownsLedger = (env: Bindings) => appMode(env) !== 'production' && !env.UPSTREAM_API_URL?.trim();

/**
 * One run of the expiry job at `scheduledTime` (epoch ms: the trigger's time, or a test's fake
 * clock). Answers what it did, for the tests and the log.
 */
export async function runScheduled(env: Bindings, scheduledTime: number): Promise<{ expired: number; parties: string[] }> {
  if (!ownsLedger(env)) return { expired: 0, parties: [] };
  const result = await expireLapsedOffers(env.DB, nowIso(scheduledTime));
  if (result.parties.length > 0) {
    await notifyParties(env, result.parties, { type: 'wallet.changed' });
    console.log(`expiry job: ${result.expired} offers expired, ${result.parties.length} parties to notify`);
  }
  return result;
}
