// The reads of /settings/identity rendered on the Worker: the shell's reads and the user's latest
// identity verification (null before the first, or when that read fails: the form is shown), in
// parallel.
import { getIdentityVerification } from '../../shared/contract/identity';
import type { PageSeed } from '../../shared/page-seed';
import type { Bindings } from '../env';
import type { PageUser } from './page-user';
import { read, type AnswerOf } from './read';
import { shellReads, shellSeed } from './shell';

export async function identityPage(
  request: Request,
  env: Bindings,
  user: PageUser,
  ctx?: ExecutionContext,
): Promise<{ seed: PageSeed; verification: AnswerOf<typeof getIdentityVerification> | null }> {
  const [shell, verification] = await Promise.all([shellReads(env, user, ctx), read({ env, user, ctx }, '/identity-verification', getIdentityVerification)]);
  return { seed: await shellSeed(request, user, shell), verification };
}
