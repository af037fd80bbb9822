// Which adapter of the upstream port serves this Worker: the remote upstream when UPSTREAM_API_URL is
// set, else the embedded core on D1 (the app mode decides whether that may be served at all:
// src/platform/app-mode.ts). Apart from port.ts, which both adapters import.
import type { Bindings } from '../env';
import { embeddedUpstream } from './embedded';
import { upstreamTimeoutMs, type Upstream } from './port';
import { remoteUpstream } from './remote';

export function selectUpstream(env: Bindings): Upstream {
  return env.UPSTREAM_API_URL ? remoteUpstream(env.UPSTREAM_API_URL, upstreamTimeoutMs(env)) : embeddedUpstream(env);
}
