// Reaching the app's clock (./app-clock.ts) from the Worker: its one instance, and the wake after a
// money call. Apart from the class so that the BFF's modules do not load the Durable Object runtime.
import type { Bindings } from '../env';
import type { AppClock } from './app-clock';
import { ownsLedger } from './owns-ledger';

type ClockEnv = Bindings & {
  /** The app's clock (wrangler.toml `[[durable_objects.bindings]]`), one instance: `idFromName('app')`. */
  CLOCK?: DurableObjectNamespace<AppClock>;
};

/** The clock's one instance, or null where this Worker has no timed work (no embedded ledger, no binding). */
export function clockOf(env: ClockEnv): DurableObjectStub<AppClock> | null {
  if (!env.CLOCK || !ownsLedger(env)) return null;
  return env.CLOCK.get(env.CLOCK.idFromName('app'));
}

/** Tells the clock that a due time may have come closer (after a money call); logs a failure, never rejects. */
export async function wakeClock(env: ClockEnv): Promise<void> {
  try {
    await clockOf(env)?.wake();
  } catch (err) {
    console.error('[clock] wake failed', err instanceof Error ? err.message : String(err));
  }
}
