// Bindings and variables of the embedded core.
import type { Bindings } from '../worker/env';

export type CoreEnv = { Bindings: Bindings; Variables: { userId: string } };
