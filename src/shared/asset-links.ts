// Where an asset's logo and page are: what a row of the market, the wallet or a holding links to and
// shows, apart from the market's figures (./market.ts), so a screen that only lists assets does not
// load them.

/**
 * The public logo service (PNG by lowercase symbol). The only image host the app loads from: a
 * Content-Security-Policy needs this origin in img-src.
 */
export const LOGO_SERVICE_ORIGIN = 'https://assets.coincap.io';

/** The asset's own logo when it has one, else the logo service's PNG for its lowercase symbol. */
export function logoUrl(symbol: string, own?: string | null): string {
  if (own && /^https:\/\//.test(own)) return own;
  return `${LOGO_SERVICE_ORIGIN}/assets/icons/${encodeURIComponent(symbol.toLowerCase())}@2x.png`;
}

/** Where a market or wallet row goes. */
export const assetPath = (symbol: string) => `/accounts/digital-assets/${encodeURIComponent(symbol)}`;
