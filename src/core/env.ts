// Bindings and variables of the embedded core: the platform's bindings (src/platform/bindings.ts) and
// the caller the upstream port names in `x-user-id`.
import type { Bindings } from '../platform/bindings';

export type CoreEnv = { Bindings: Bindings; Variables: { userId: string } };
