// The whole API contract: each resource's declarations with the path it is mounted under (below /api).
// The forwarded resources' paths are also the upstream's paths (src/worker/upstream/contract.ts).
import { accountsContract } from './accounts';
import { brokerageContract } from './brokerage';
import { featureRequestsContract } from './feature-requests';
import { identityContract } from './identity';
import { liveContract } from './live';
import { health, marketContract, marketForwardedContract } from './market';
import { notificationsContract } from './notifications';
import { ordersContract } from './orders';
import { portfolioHistoryContract } from './portfolio-history';
import { onboardingContract } from './onboarding';
import { quotesContract } from './quotes';
import { recurringContract } from './recurring';
import { sessionsContract } from './sessions';
import { supportContract } from './support';
import { transactionsContract, transactionsServedContract } from './transactions';
import { usdContract } from './usd';
import { walletsContract } from './wallets';

/** The resources the BFF forwards to the upstream, by mount path. */
export const FORWARDED = {
  '/accounts': accountsContract,
  '/wallets': walletsContract,
  '/usd': usdContract,
  // The brokerage account, the market clock, and the account's orders, positions, portfolio history and recurring buys.
  '/brokerage': [...brokerageContract, ...ordersContract, ...portfolioHistoryContract, ...recurringContract],
  '/transactions': transactionsContract,
  '/support': supportContract,
  '/feature-requests': featureRequestsContract,
  '/notifications': notificationsContract,
  '/onboarding': onboardingContract,
  '/identity-verification': identityContract,
  '/quotes': quotesContract,
  '/market': marketForwardedContract,
} as const;

/** Every declared endpoint by mount path below /api: the forwarded ones and those the BFF serves itself. */
export const CONTRACT = {
  '/health': [health],
  ...FORWARDED,
  // The market's cached reads (served by the BFF from KV) and its forwarded history, under one mount.
  '/market': [...marketContract, ...marketForwardedContract],
  // The forwarded list and detail, and the CSV export the BFF streams itself.
  '/transactions': [...transactionsContract, ...transactionsServedContract],
  '/sessions': sessionsContract,
  // The live channel's WebSocket upgrade (101, not {data}), served by the BFF: src/worker/routes/live.ts.
  '/live': liveContract,
} as const satisfies Record<string, readonly Described[]>;

/**
 * What every declaration must say besides its shape, for generated clients and people: a stable
 * camelCase `operationId` (the declaration's exported name), a short `summary` and a plain-words
 * `description` (what it does, who may call it, side effects, money semantics). A declaration that
 * lacks one does not compile here; contract-described.test.ts checks their values.
 */
export interface Described {
  tags: readonly string[];
  operationId: string;
  summary: string;
  description: string;
}

export interface DeclaredRoute {
  /** Upper case, as Hono registers it. */
  method: string;
  /** The BFF's path with Hono params (`/api/wallets/:accountId`), as app.routes lists it. */
  path: string;
  /** `METHOD /api/path/:param`, the key of the tests' route tables. */
  key: string;
  route: (typeof CONTRACT)[keyof typeof CONTRACT][number];
}

/** The contract as a flat list of BFF routes (the tests' route lists, the limits table). */
export function declaredRoutes(): DeclaredRoute[] {
  return Object.entries(CONTRACT).flatMap(([mount, routes]) =>
    (routes as readonly DeclaredRoute['route'][]).map((route) => {
      const path = `/api${mount}${route.path === '/' ? '' : route.path}`.replace(/\{([^}]+)\}/g, ':$1');
      const method = route.method.toUpperCase();
      return { method, path, key: `${method} ${path}`, route };
    }),
  );
}
