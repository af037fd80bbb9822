// Outbound fetch guard for the workerd tests: any request the test did not plan fails loudly. A test
// plans one with `planFetch(handler)` (a stand-in upstream inside the test) and undoes it after.
import { afterEach, beforeEach } from 'vitest';

type Handler = (req: Request) => Response | Promise<Response>;
const realFetch = globalThis.fetch;
let planned: Handler | undefined;
export const outbound: Request<unknown, any>[] = [];

export function planFetch(handler: Handler) {
  planned = handler;
}

export function installFetchGuard() {
  beforeEach(() => {
    outbound.length = 0;
    globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = new Request(input, init);
      if (!planned) throw new Error(`unplanned outbound fetch: ${req.method} ${req.url}`);
      outbound.push(req.clone() as Request<unknown, any>);
      return planned(req);
    };
  });
  afterEach(() => {
    planned = undefined;
    globalThis.fetch = realFetch;
  });
}

/** A transfer answer as the contract declares it (POST /wallets/transfer), for stand-in upstreams. */
export const TRANSFER_DATA = {
  amount: '100.0000000000',
  fromPartyId: 'treasury::1220aa',
  toPartyId: 'user::1220bb',
  instrument: 'CC',
  offerId: 'offer-1',
  expiresAt: '2026-11-24T00:00:00.000Z',
  transactionId: 'tx-1',
  status: 'PENDING',
  affectedParties: ['user::1220bb'],
} as const;
