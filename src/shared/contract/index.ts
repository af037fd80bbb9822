// The whole API contract: each resource's declarations with the path it is mounted under (below /api).
// The forwarded resources' paths are also the upstream's paths (src/worker/upstream/contract.ts).
import { accountsContract } from './accounts';
import { featureRequestsContract } from './feature-requests';
import { marketForwardedContract } from './market';
import { supportContract } from './support';
import { transactionsContract } from './transactions';
import { walletsContract } from './wallets';

/** The resources the BFF forwards to the upstream, by mount path. */
export const FORWARDED = {
  '/accounts': accountsContract,
  '/wallets': walletsContract,
  '/transactions': transactionsContract,
  '/support': supportContract,
  '/feature-requests': featureRequestsContract,
  '/market': marketForwardedContract,
} as const;
