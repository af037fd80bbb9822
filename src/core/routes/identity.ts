// Core: the upstream's /identity-verification calls: the contract's declarations
// (src/shared/contract/identity.ts) implemented, scoped to the caller.
import { contractHono, created } from '../../platform/contract-hono';
import * as api from '../../shared/contract/identity';
import type { CoreEnv } from '../env';
import { latestVerification, submitVerification } from '../identity/verifications';

export const identity = contractHono<CoreEnv>()
  .openapi(api.submitIdentityVerification, async (c) => created(c.json({ data: await submitVerification(c.env.DB, c.var.userId, c.req.valid('json')) }, 200)))
  .openapi(api.getIdentityVerification, async (c) => c.json({ data: await latestVerification(c.env.DB, c.var.userId) }, 200));
