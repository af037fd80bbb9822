// Bindings and per-request variables of the Hono BFF. The bindings type is the platform's
// (src/platform/bindings.ts), shared with the embedded core and the local sign-in service, plus the
// BFF's own: the live channel's Durable Object namespace (src/worker/live/party-live.ts). The app
// clock's (CLOCK) is typed where it is reached, src/worker/clock/wake.ts: its class is typed with these
// bindings, so naming it here would make the two modules import each other.
import type { Bindings as PlatformBindings } from '../platform/bindings';
import type { PartyLive } from './live/party-live';

export type Bindings = PlatformBindings & {
  /** One PartyLive per Canton party (`idFromName(partyId)`): wrangler.toml `[[durable_objects.bindings]]`. */
  LIVE?: DurableObjectNamespace<PartyLive>;
  /** Tests only (vitest.config.ts): refuse error answers the contract does not declare (middleware/declared-errors.ts). */
  CONTRACT_CHECK?: string;
};

export interface Variables {
  userId: string;
  sessionId: string;
  accessToken: string;
}

export type AppEnv = { Bindings: Bindings; Variables: Variables };
