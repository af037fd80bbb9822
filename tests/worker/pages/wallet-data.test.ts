// The reads of the wallet pages rendered on the Worker (src/worker/pages/wallet-data.ts), in workerd
// on real D1 and KV: /accounts/digital-assets gets the same wallet, balance, assets, offers and
// preapproval as the island's /api calls answer; an account without a wallet is 'none' with no
// offers read; the asset page finds the asset in the KV market cache as the island's lookup would,
// with the wallet for "Your Holdings"; two users read at once each get only their own wallet.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { assetPage, findServedAsset, walletPage } from '../../../src/worker/pages/wallet-data';
import { sampleDetail } from '../../../src/shared/market';
import { apiAs, pageUser, signIn, uniquePhone } from '../auth';
import { installFetchGuard } from '../network';

installFetchGuard();

const testEnv = env as unknown as Cloudflare.Env & { DB: D1Database; MARKET_CACHE: KVNamespace };
const request = (path: string) => new Request(`http://localhost${path}`);
const userOf = pageUser;
const data = <T>(res: { body: unknown }) => (res.body as { data: T }).data;

async function withWallet() {
  const who = await signIn(uniquePhone());
  expect((await apiAs(who, 'POST', '/api/wallets/canton')).status).toBe(200);
  const accountId = data<{ accounts: { account_id: string; is_active: boolean }[] }>(await apiAs(who, 'GET', '/api/accounts/user/accounts')).accounts.find((a) => a.is_active)!.account_id;
  return { who, accountId };
}

describe('the reads of the wallet pages rendered on the Worker', () => {
  it('reads the wallet, its balance and assets, its offers and its preapproval as /api answers them', async () => {
    const { who, accountId } = await withWallet();
    expect((await apiAs(who, 'POST', '/api/wallets/transfer', { account_id: accountId, amount: '3' })).status).toBe(200);
    const { seed, served } = await walletPage(request('/accounts/digital-assets'), testEnv, userOf(who));
    expect(seed.path).toBe('/accounts/digital-assets');
    expect(served.wallet?.status).toBe('ready');
    expect(served.wallet?.accountId).toBe(accountId);
    const party = served.wallet!.wallet!.address!;
    expect(served.wallet!.balance).toEqual(data(await apiAs(who, 'GET', `/api/wallets/canton/balance/${encodeURIComponent(party)}`)));
    expect(served.wallet!.assets).toEqual(data(await apiAs(who, 'GET', `/api/wallets/canton/parties/${encodeURIComponent(party)}/assets`)));
    expect(served.offers).toEqual(data(await apiAs(who, 'GET', `/api/wallets/canton/offers/${accountId}`)));
    expect(served.offers!.incoming).toHaveLength(1);
    expect(served.preapproval).toEqual(data(await apiAs(who, 'GET', `/api/wallets/canton/preapproval/${accountId}`)));
  });

  it("serves an account without a wallet as 'none', with no offers or preapproval", async () => {
    const who = await signIn(uniquePhone());
    const { served } = await walletPage(request('/accounts/digital-assets'), testEnv, userOf(who));
    expect(served.wallet?.status).toBe('none');
    expect(served.offers).toBeNull();
    expect(served.preapproval).toBeNull();
  });

  it('finds the asset in the KV market cache as the island would, with the wallet for the holdings', async () => {
    const { who } = await withWallet();
    const { served } = await assetPage(request('/accounts/digital-assets/cc'), testEnv, userOf(who));
    expect(served.symbol).toBe('cc');
    expect(served.detail?.symbol).toBe('CC');
    expect(served.wallet?.balance?.instrument).toBe('CC');
    // Stocks by upper-case symbol, assets case-insensitively, else a sample row; unknown: null.
    const snapshot = { stocks: [], assets: [] };
    expect(findServedAsset(snapshot, 'usdc')).toEqual(sampleDetail('usdc'));
    expect(findServedAsset(snapshot, 'NOPE1')).toBeNull();
    expect(findServedAsset(null, 'CC')).toBeNull();
    expect((await assetPage(request('/accounts/digital-assets/NOPE1'), testEnv, userOf(who))).served.detail).toBeNull();
  });

  it('gives two users read at once only their own wallet', async () => {
    const a = await withWallet();
    const b = await withWallet();
    const pages = await Promise.all([a, b, a, b].map(({ who }) => walletPage(request('/accounts/digital-assets'), testEnv, userOf(who)).then((p) => ({ who, p }))));
    for (const { who, p } of pages) {
      const other = who === a.who ? b : a;
      expect(p.seed.userId).toBe(who.userId);
      expect(JSON.stringify(p)).not.toContain(other.who.userId);
      expect(JSON.stringify(p)).not.toContain(other.accountId);
    }
  });
});
