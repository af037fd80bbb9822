// The reads of /settings/identity rendered on the Worker: the shell and the user's latest identity
// verification as GET /api/identity-verification answers it (none before the first), never another
// person's.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { identityPage } from '../../../src/worker/pages/identity-data';
import { okAs, pageUser, signIn, uniquePhone } from '../auth';

const testEnv = env as unknown as Cloudflare.Env & { DB: D1Database };
const pageRequest = () => new Request('http://localhost/settings/identity');
const BODY = { first_name: 'Ana', last_name: 'Reyes', date_of_birth: '1985-09-30', country: 'CO', document_type: 'driver_license', consent: true };

describe('the reads of /settings/identity', () => {
  it('serves no verification before the first submission, then the latest, as the API answers it', async () => {
    const me = await signIn(uniquePhone());
    const before = await identityPage(pageRequest(), testEnv, pageUser(me));
    expect(before.seed.userId).toBe(me.userId);
    expect(before.verification).toBeNull();

    await okAs(me, 'POST', '/api/identity-verification', { ...BODY, document_number: 'D0000' });
    const again = await okAs(me, 'POST', '/api/identity-verification', { ...BODY, document_number: 'D1111' });
    const { verification } = await identityPage(pageRequest(), testEnv, pageUser(me));
    expect(verification).toEqual(await okAs(me, 'GET', '/api/identity-verification'));
    expect(verification).toMatchObject({ id: again.id, status: 'pending' });
  });

  it("never serves another person's verification", async () => {
    const [ana, bo] = [await signIn(uniquePhone()), await signIn(uniquePhone())];
    await okAs(ana, 'POST', '/api/identity-verification', { ...BODY, document_number: 'D5678' });
    expect((await identityPage(pageRequest(), testEnv, pageUser(bo))).verification).toBeNull();
  });
});
