// Where market data comes from. The embedded default reads D1 (seeded in migrations); production
// reads the Supabase project's REST interface for stocks and the upstream's /wallets/canton/assets.
import type { DigitalAsset, MarketSnapshot, Stock } from '../../shared/schemas/market';

export const MARKET_LIST_LIMIT = 100;

export interface MarketSource {
  /** Up to 100 stocks ordered by symbol, each with its price record. */
  stocks(): Promise<Stock[]>;
  /** One stock by its upper-case symbol, or null. */
  stock(symbol: string): Promise<Stock | null>;
  /** The Canton assets list. */
  assets(): Promise<DigitalAsset[]>;
}

/** Assets of the copy already cached, with when that copy (its oldest part) was fetched. */
export interface KeptAssets {
  assets: DigitalAsset[];
  fetchedAt: number;
}

export interface LoadedSnapshot {
  snapshot: MarketSnapshot;
  /** Set when the assets were kept from the cached copy: that copy's fetchedAt (their real age). */
  keptFrom?: number;
}

/**
 * The list answer. A failing assets source is not an error (logged): the assets of the copy already
 * cached are kept when there is one (`previousAssets`, which gives none past the stale limit), else
 * the list is empty, so a refresh during an upstream outage never replaces good cached assets with
 * nothing. Kept assets keep their age (`keptFrom`), so they are never passed off as fresh.
 */
export async function loadSnapshot(source: MarketSource, previousAssets: () => Promise<KeptAssets | null> = async () => null): Promise<LoadedSnapshot> {
  let kept: KeptAssets | null = null;
  const [stocks, assets] = await Promise.all([
    source.stocks(),
    source.assets().catch(async (err: unknown) => {
      console.error('market: assets source failed:', err instanceof Error ? err.message : String(err));
      kept = await previousAssets().catch(() => null);
      return kept?.assets ?? ([] as DigitalAsset[]);
    }),
  ]);
  const keptFrom = (kept as KeptAssets | null)?.fetchedAt;
  return keptFrom === undefined ? { snapshot: { stocks, assets } } : { snapshot: { stocks, assets }, keptFrom };
}
