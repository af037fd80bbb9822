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

/**
 * The list answer. A failing assets source is not an error (logged): the assets of the copy already
 * cached are kept when there is one (`previousAssets`), else the list is empty, so a refresh during
 * an upstream outage never replaces good cached assets with nothing.
 */
export async function loadSnapshot(
  source: MarketSource,
  previousAssets: () => Promise<DigitalAsset[] | null> = async () => null,
): Promise<MarketSnapshot> {
  const [stocks, assets] = await Promise.all([
    source.stocks(),
    source.assets().catch(async (err: unknown) => {
      console.error('market: assets source failed:', err instanceof Error ? err.message : String(err));
      return (await previousAssets().catch(() => null)) ?? ([] as DigitalAsset[]);
    }),
  ]);
  return { stocks, assets };
}
