// Whether this Worker runs the app's timed work: only where its ledger is the embedded one.
import { appMode } from '../../platform/app-mode';
import type { Bindings } from '../env';

/** Whether this Worker's ledger is the embedded one (so its timed work, ./jobs.ts, is this Worker's to run). */
export const ownsLedger = (env: Bindings) => appMode(env) !== 'production' && !env.UPSTREAM_API_URL?.trim();
