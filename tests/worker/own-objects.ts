// One user's objects of every kind a path or a body names (an account, a Canton wallet and party, a
// pending offer, a transaction, a support ticket, a feature request, a notification), made through the API, so that
// generated requests carry real ids and reach the handlers behind validation.
import { bearer } from './auth';
import { call } from './helpers';

export interface Own {
  userId: string;
  accountId: string;
  walletId: string;
  partyId: string;
  ticketId: string;
  featureRequestId: string;
  transactionId: string;
  /** A pending offer to the user's party (the faucet's): the offer routes' path param. */
  offerId: string;
  /** The notification of that offer. */
  notificationId: string;
}

export async function ownObjects(who: { accessToken: string; userId: string }): Promise<Own> {
  const h = { ...bearer(who.accessToken), 'content-type': 'application/json' };
  const data = async (path: string, body?: unknown) =>
    (await (await call(path, body === undefined ? { headers: h } : { method: 'POST', headers: h, body: JSON.stringify(body) })).json<{ data: any }>()).data;
  const accountId = (await data('/api/accounts/user/accounts')).accounts[0].account_id as string;
  const canton = await data('/api/wallets/digital-asset', { account_id: accountId });
  const offer = await data('/api/wallets/transfer', { account_id: accountId, amount: 3 });
  const txs = await data(`/api/transactions/account/${accountId}`);
  return {
    userId: who.userId,
    accountId,
    walletId: canton.walletId,
    partyId: canton.cantonPartyId,
    ticketId: (await data('/api/support/tickets', { title: 'Fuzz', description: 'Fuzz ticket' })).id,
    featureRequestId: (await data('/api/feature-requests', { title: 'Fuzz idea', description: 'A fuzzing feature request' })).id,
    transactionId: txs[0].id,
    offerId: offer.offerId,
    notificationId: (await data('/api/notifications')).notifications[0].id,
  };
}
