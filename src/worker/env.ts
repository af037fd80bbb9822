// Bindings and per-request variables of the Hono BFF. The bindings type is the platform's
// (src/platform/bindings.ts), shared with the embedded core and the local sign-in service.
import type { Bindings } from '../platform/bindings';

export type { Bindings };

export interface Variables {
  userId: string;
  sessionId: string;
  accessToken: string;
}

export type AppEnv = { Bindings: Bindings; Variables: Variables };
