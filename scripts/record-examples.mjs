// `npm run examples`: records a request and its success answer for every operation of the API, from
// the embedded core itself, into src/shared/contract/examples.json (keyed by operationId), which
// /api/openapi.json attaches to its operations. Needs a build (`npm run build`); serves it on a free
// port with a fresh D1 of its own (.wrangler/examples-state), signs in two test users and drives one
// story: accounts, a wallet with test funds, transfers between the two, notifications, identity verification, the USD account, the brokerage, its orders and a recurring buy, a quote bought, support, feature requests,
// the market and sessions, then every read of an account, party, user or symbol the story left out
// (found in the document). Long lists are cut to their first two items. Run it again after changing
// an operation: it adds the operations that have no example and keeps the others (`npm run examples
// -- --all` records every one anew); src/shared/contract/examples.test.ts fails when an operation
// has none or one no longer parses with its declared schemas.
import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import { d1File, freshDatabase, serve, signIn } from '../bench/lib/server.mjs';

const OUT = 'src/shared/contract/examples.json';
const PERSIST = '.wrangler/examples-state';
// Test numbers (tests/test-phones.ts): Ana sends, Bruno receives.
const ANA = '+1 555 555 0146';
const BRUNO = '+1 555 555 0147';

/** Arrays cut to their first two items, so that examples stay readable. */
const trim = (value) =>
  Array.isArray(value)
    ? value.slice(0, 2).map(trim)
    : value && typeof value === 'object'
      ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, trim(v)]))
      : value;

await freshDatabase(PERSIST);
const server = await serve(PERSIST);
const examples = {};
try {
  const session = async (phone) => {
    const s = await signIn(server.baseURL, phone);
    return { token: s.access_token, userId: s.user.id };
  };
  const ana = await session(ANA);
  const bruno = await session(BRUNO);

  /**
   * Calls one operation as `who` and records it: the path with its params filled in, the query, the
   * JSON body and the Idempotency-Key of a money call. Answers the answer's `data` (or its text).
   */
  async function record(operationId, who, method, template, { params = {}, query, body, idempotent = false } = {}) {
    const path = template.replace(/\{(\w+)\}/g, (_, name) => encodeURIComponent(params[name]));
    const headers = { authorization: `Bearer ${who.token}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (idempotent) headers['idempotency-key'] = randomUUID();
    const url = `${server.baseURL}/api${path}${query ? `?${new URLSearchParams(query)}` : ''}`;
    const res = await fetch(url, { method: method.toUpperCase(), headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    if (!res.ok) throw new Error(`${operationId}: ${method} ${path} answered ${res.status}: ${text}`);
    const json = res.headers.get('content-type')?.includes('json');
    const request = {
      ...(Object.keys(params).length ? { params } : {}),
      ...(query ? { query } : {}),
      ...(idempotent ? { headers: { 'idempotency-key': headers['idempotency-key'] } } : {}),
      ...(body !== undefined ? { body } : {}),
    };
    const answer = json ? JSON.parse(text) : text;
    examples[operationId] = { request, response: { status: res.status, body: json ? trim(answer) : text.split('\n').slice(0, 3).join('\n') + '\n' } };
    return json ? answer.data : answer;
  }

  await record('health', ana, 'get', '/health');

  // Accounts: Ana opens a second account, renames it, works in it, makes it primary, then deletes it.
  const accounts = await record('listAccounts', ana, 'get', '/accounts/user/accounts');
  const account = accounts.accounts[0].account_id;
  await record('activeAccount', ana, 'get', '/accounts/user/active-account');
  await record('getProfile', ana, 'get', '/accounts/{userId}', { params: { userId: ana.userId } });
  await record('updateProfile', ana, 'patch', '/accounts/{userId}', { params: { userId: ana.userId }, body: { language: 'es' } });
  const { accountId: savings } = await record('createAccount', ana, 'post', '/accounts/user/create-account', {
    body: { accountName: 'Savings', accountDescription: 'For the holidays' },
  });
  await record('updateAccountMetadata', ana, 'put', '/accounts/user/accounts/{id}/metadata', {
    params: { id: savings },
    body: { accountName: 'Holiday savings' },
  });
  await record('switchAccount', ana, 'post', '/accounts/user/switch-account', { body: { accountId: savings } });
  await record('setPrimaryAccount', ana, 'post', '/accounts/user/accounts/{id}/set-primary', { params: { id: savings } });
  await record('deleteAccount', ana, 'delete', '/accounts/user/accounts/{id}', { params: { id: savings } });

  // Wallets: Ana's digital-assets account, test funds, the ledger's reads.
  const canton = await record('createCantonAccount', ana, 'post', '/wallets/canton');
  const party = canton.cantonPartyId;
  await record('createDigitalAsset', ana, 'post', '/wallets/digital-asset', { body: { account_id: account } });
  await record('transfer', ana, 'post', '/wallets/transfer', { body: { account_id: account, amount: '100' }, idempotent: true });
  await record('autoAccept', ana, 'post', '/wallets/auto-accept', { body: { account_id: account }, idempotent: true });
  await record('ledgerStatus', ana, 'get', '/wallets/canton/status');
  await record('ledgerSelfTest', ana, 'get', '/wallets/canton/test');
  await record('listParties', ana, 'get', '/wallets/canton/parties');
  await record('cantonAssets', ana, 'get', '/wallets/canton/assets');
  await record('partyAssets', ana, 'get', '/wallets/canton/parties/{partyId}/assets', { params: { partyId: party } });
  await record('partyBalance', ana, 'get', '/wallets/canton/balance/{partyId}', { params: { partyId: party } });

  // Person to person: Ana sends Bruno three offers; he accepts one and rejects one, she withdraws the third.
  const brunoAccount = (await (await fetch(`${server.baseURL}/api/accounts/user/accounts`, { headers: { authorization: `Bearer ${bruno.token}` } })).json())
    .data.accounts[0].account_id;
  const brunoParty = (
    await (await fetch(`${server.baseURL}/api/wallets/canton`, { method: 'POST', headers: { authorization: `Bearer ${bruno.token}` } })).json()
  ).data.cantonPartyId;
  await record('resolveReceiver', ana, 'post', '/wallets/canton/receivers/resolve', { body: { account_id: account, receiver: BRUNO } });
  const send = (amount) =>
    record('sendTransfer', ana, 'post', '/wallets/canton/send', { body: { account_id: account, receiver_party: brunoParty, amount }, idempotent: true });
  const withdrawn = await send('2.5');
  const rejected = await send('5');
  const accepted = await send('12.5');
  await record('listOffers', ana, 'get', '/wallets/canton/offers/{accountId}', { params: { accountId: account }, query: { limit: 2 } });
  await record('holdingTransactions', ana, 'post', '/wallets/canton/holding-transactions', { body: { partyId: party } });
  await record('acceptOffer', bruno, 'post', '/wallets/canton/offers/{offerId}/accept', {
    params: { offerId: accepted.offerId },
    body: { account_id: brunoAccount },
    idempotent: true,
  });
  await record('rejectOffer', bruno, 'post', '/wallets/canton/offers/{offerId}/reject', {
    params: { offerId: rejected.offerId },
    body: { account_id: brunoAccount },
  });
  await record('withdrawOffer', ana, 'post', '/wallets/canton/offers/{offerId}/withdraw', {
    params: { offerId: withdrawn.offerId },
    body: { account_id: account },
  });
  await record('getPreapproval', bruno, 'get', '/wallets/canton/preapproval/{accountId}', { params: { accountId: brunoAccount } });
  await record('setPreapproval', bruno, 'put', '/wallets/canton/preapproval/{accountId}', { params: { accountId: brunoAccount }, body: { enabled: true } });

  // Identity verification: Ana submits her legal name and a passport (approved at once by the
  // embedded core's rules: the number's ending) and reads it back.
  await record('submitIdentityVerification', ana, 'post', '/identity-verification', {
    body: {
      first_name: 'Ana',
      last_name: 'García',
      date_of_birth: '1990-04-12',
      country: 'AR',
      document_type: 'passport',
      document_number: 'AAB123456',
      consent: true,
    },
  });
  await record('getIdentityVerification', ana, 'get', '/identity-verification');

  // Notifications: Bruno was told of Ana's three offers, Ana of the acceptance, the rejection and her
  // identity's approval (no transaction, no amount).
  const told = await record('listNotifications', ana, 'get', '/notifications', { query: { limit: 2 } });
  await record('readNotification', ana, 'post', '/notifications/{id}/read', { params: { id: told.notifications[0].id } });
  await record('readNotificationsThrough', ana, 'post', '/notifications/read', { body: { through: told.notifications[0].id } });

  // Buying CC with USD (New Transaction): Ana, verified (the embedded core reads profiles.idv_status),
  // asks an indicative quote, locks one for her wallet and executes it within its 30 s.
  writeFileSync(`${PERSIST}/verify.sql`, `UPDATE profiles SET idv_status = 'approved' WHERE id = '${ana.userId}';`);
  await d1File(PERSIST, `${PERSIST}/verify.sql`);
  await record('indicativeQuote', ana, 'get', '/quotes/indicative', { query: { amount_usd: '20.00', destination_asset: 'CC' } });
  const quote = await record('lockQuote', ana, 'post', '/quotes', {
    body: { amount_usd: '20.00', onramp_provider: 'usdc', wallet_id: canton.walletId, destination_asset: 'CC' },
  });
  await record('executeQuote', ana, 'post', '/quotes/{id}/execute', { params: { id: quote.id }, idempotent: true });

  // Wallets of other kinds: a self-custody one bound to an Ed25519 key, an external address, a hosted one.
  const nano = await record('createWallet', ana, 'post', '/wallets', { body: { account_id: account, label: 'Ledger Nano' } });
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const publicHex = Buffer.from(publicKey.export({ format: 'jwk' }).x, 'base64url').toString('hex');
  const prepared = await record('cantonPrepare', ana, 'post', '/wallets/canton/prepare', { body: { publicKey: publicHex } });
  const signedHash = sign(null, Buffer.from(prepared.multiHash, 'hex'), privateKey).toString('hex');
  await record('cantonComplete', ana, 'post', '/wallets/canton/complete', {
    body: { publicKey: publicHex, signedHash, walletId: nano.id, partyHint: 'ana-nano' },
  });
  await record('createExternalWallet', ana, 'post', '/wallets/external', {
    body: { account_id: account, address: '0x52908400098527886E0F7030069857D2E4169EE7', chain: 'ethereum', label: 'MetaMask' },
  });
  const hosted = await record('createInternalWallet', ana, 'post', '/wallets/internal', { body: { account_id: account, label: 'Travel' } });
  await record('deactivateWallet', ana, 'patch', '/wallets/{id}/deactivate', { params: { id: hosted.id } });
  await record('walletCategories', ana, 'get', '/wallets/{accountId}/categories', { params: { accountId: account } });
  await record('listWallets', ana, 'get', '/wallets/{accountId}', { params: { accountId: account } });

  // The USD account: Ana's identity is approved (as a decided verification leaves it: the status and
  // her verified name, written straight into the example's D1), she opens it, adds a bank account,
  // adds dollars, withdraws twice and cancels one withdrawal.
  const approval = `${PERSIST}-approve.sql`;
  writeFileSync(approval, `UPDATE profiles SET idv_status = 'approved', first_name = 'Ana', last_name = 'García' WHERE id = '${ana.userId}';`);
  await d1File(PERSIST, approval);
  rmSync(approval);
  await record('openUsdAccount', ana, 'post', '/usd/accounts', { body: { account_id: account } });
  const bank = await record('addUsdBankAccount', ana, 'post', '/usd/accounts/{accountId}/bank-accounts', {
    params: { accountId: account },
    body: { holder_name: 'Ana García', bank_name: 'First Test Bank', account_number: '000123456789', routing_number: '021000021' },
    idempotent: true,
  });
  await record('depositUsd', ana, 'post', '/usd/accounts/{accountId}/deposits', {
    params: { accountId: account },
    body: { amount: '250.00', rail: 'bank' },
    idempotent: true,
  });
  const withdrawal = () =>
    record('withdrawUsd', ana, 'post', '/usd/accounts/{accountId}/withdrawals', {
      params: { accountId: account },
      body: { amount: '40.25', bank_account_id: bank.id },
      idempotent: true,
    });
  const cancelled = await withdrawal();
  await record('cancelUsdWithdrawal', ana, 'post', '/usd/accounts/{accountId}/withdrawals/{movementId}/cancel', {
    params: { accountId: account, movementId: cancelled.id },
    idempotent: true,
  });
  await withdrawal();
  await record('getUsdAccount', ana, 'get', '/usd/accounts/{accountId}', { params: { accountId: account } });
  await record('listUsdBankAccounts', ana, 'get', '/usd/accounts/{accountId}/bank-accounts', { params: { accountId: account } });

  // The brokerage account: Ana, verified and with dollars in her USD account, answers the suitability
  // questionnaire and signs the W-8BEN in her verified name; then the market clock and a week of the
  // calendar (Christmas week: an early close and a holiday).
  await record('openBrokerageAccount', ana, 'post', '/brokerage/accounts/{accountId}', {
    params: { accountId: account },
    body: {
      suitability: { experience: 'some', risk_tolerance: 'medium', horizon: 'long' },
      w8ben: { legal_name: 'Ana García', country: 'AR', signature: 'Ana García', certified: true },
    },
    idempotent: true,
  });
  await record('getBrokerageAccount', ana, 'get', '/brokerage/accounts/{accountId}', { params: { accountId: account } });
  await record('getMarketClock', ana, 'get', '/brokerage/clock');
  await record('getMarketCalendar', ana, 'get', '/brokerage/calendar', { query: { start: '2026-12-21', end: '2026-12-28' } });

  // Orders and positions, with the market open: the tests' market time (a Tuesday at 10:00 New York;
  // market_settings, honoured by the embedded ledger only). Ana buys $10 of AAPL (filled at once),
  // places a limit buy far below the price (open, holding buying power) and cancels it, reads her
  // orders, positions and portfolio history, then sells all.
  writeFileSync(
    `${PERSIST}/market-open.sql`,
    `INSERT OR REPLACE INTO market_settings (key, value) VALUES ('test_time_offset_ms', '${Date.parse('2026-12-01T15:00:00.000Z') - Date.now()}');\n`,
  );
  await d1File(PERSIST, `${PERSIST}/market-open.sql`);
  const orders = '/brokerage/accounts/{accountId}/orders';
  const bought = await record('placeOrder', ana, 'post', orders, {
    params: { accountId: account },
    body: { symbol: 'AAPL', side: 'buy', type: 'market', time_in_force: 'day', notional: '10.00', client_order_id: 'ana-first-apple' },
  });
  const placed = examples.placeOrder;
  const limit = await record('placeOrder', ana, 'post', orders, {
    params: { accountId: account },
    body: { symbol: 'MSFT', side: 'buy', type: 'limit', time_in_force: 'gtc', qty: '1', limit_price: '5.00' },
  });
  // The filled buy is the example of placing an order.
  examples.placeOrder = placed;
  await record('getOrder', ana, 'get', `${orders}/{orderId}`, { params: { accountId: account, orderId: bought.id } });
  await record('cancelOrder', ana, 'delete', `${orders}/{orderId}`, { params: { accountId: account, orderId: limit.id } });
  await record('listOrders', ana, 'get', orders, { params: { accountId: account }, query: { status: 'all', limit: 2 } });
  await record('listPositions', ana, 'get', '/brokerage/accounts/{accountId}/positions', { params: { accountId: account } });
  await record('getPosition', ana, 'get', '/brokerage/accounts/{accountId}/positions/{symbol}', { params: { accountId: account, symbol: 'AAPL' } });
  await record('getPortfolioHistory', ana, 'get', '/brokerage/accounts/{accountId}/portfolio/history', {
    params: { accountId: account },
    query: { period: '1M' },
  });
  await record('closePosition', ana, 'delete', '/brokerage/accounts/{accountId}/positions/{symbol}', {
    params: { accountId: account, symbol: 'AAPL' },
    idempotent: true,
  });
  // Recurring buys: a weekly $10 of AAPL from the (test) market's Monday, paused, then deleted.
  const recurring = '/brokerage/accounts/{accountId}/recurring-buys';
  const plan = await record('createRecurringBuy', ana, 'post', recurring, {
    params: { accountId: account },
    body: { symbol: 'AAPL', notional: '10.00', frequency: 'weekly', start_date: '2026-12-07' },
    idempotent: true,
  });
  await record('listRecurringBuys', ana, 'get', recurring, { params: { accountId: account } });
  await record('getRecurringBuy', ana, 'get', `${recurring}/{planId}`, { params: { accountId: account, planId: plan.id } });
  await record('updateRecurringBuy', ana, 'patch', `${recurring}/{planId}`, { params: { accountId: account, planId: plan.id }, body: { status: 'paused' } });
  await record('deleteRecurringBuy', ana, 'delete', `${recurring}/{planId}`, { params: { accountId: account, planId: plan.id } });

  // Transactions.
  const sent = await record('listForAccount', ana, 'get', '/transactions/account/{id}', { params: { id: account }, query: { limit: 2, type: 'transfer' } });
  await record('listForWallet', ana, 'get', '/transactions/wallet/{id}', { params: { id: canton.walletId }, query: { limit: 2 } });
  await record('getTransaction', ana, 'get', '/transactions/{id}', { params: { id: sent[0].id } });
  await record('exportForAccount', ana, 'get', '/transactions/account/{id}/export', { params: { id: account }, query: { type: 'transfer' } });

  // Support.
  const ticket = await record('createTicket', ana, 'post', '/support/tickets', {
    body: { title: 'My transfer is still pending', description: 'I sent 12.5 CC to Bruno an hour ago.', category: 'general', priority: 'high' },
  });
  await record('listTickets', ana, 'get', '/support/tickets', { query: { limit: 2 } });
  await record('getTicket', ana, 'get', '/support/tickets/{id}', { params: { id: ticket.id } });
  await record('createComment', ana, 'post', '/support/tickets/{id}/comments', {
    params: { id: ticket.id },
    body: { content: 'Bruno has accepted it now, thanks.' },
  });
  await record('listComments', ana, 'get', '/support/tickets/{id}/comments', { params: { id: ticket.id } });
  await record('updateTicket', ana, 'put', '/support/tickets/{id}', { params: { id: ticket.id }, body: { status: 'closed' } });

  // Feature requests: Ana files one, Bruno votes on it.
  const categories = await record('listCategories', ana, 'get', '/feature-requests/categories');
  const request = await record('createRequest', ana, 'post', '/feature-requests', {
    body: {
      title: 'Send to a contact from my phone book',
      description: 'Pick the receiver from my contacts instead of typing the number.',
      category: categories[0].name,
    },
  });
  await record('updateRequest', ana, 'patch', '/feature-requests/{id}', {
    params: { id: request.id },
    body: { description: 'Pick the receiver from my contacts.' },
  });
  await record('vote', bruno, 'post', '/feature-requests/{id}/vote', { params: { id: request.id }, body: { vote_type: 'upvote' } });
  await record('myVote', bruno, 'get', '/feature-requests/{id}/my-vote', { params: { id: request.id } });
  await record('listRequests', ana, 'get', '/feature-requests', { query: { sortBy: 'total_score', limit: 2 } });
  await record('getRequest', ana, 'get', '/feature-requests/{id}', { params: { id: request.id } });
  await record('unvote', bruno, 'delete', '/feature-requests/{id}/vote', { params: { id: request.id } });
  await record('deleteRequest', ana, 'delete', '/feature-requests/{id}', { params: { id: request.id } });

  // Market.
  const market = await record('marketList', ana, 'get', '/market');
  await record('marketStock', ana, 'get', '/market/stocks/{symbol}', { params: { symbol: market.stocks[0].symbol } });
  await record('marketAsset', ana, 'get', '/market/assets/{symbol}', { params: { symbol: 'CC' } });
  await record('marketHistory', ana, 'get', '/market/history/{symbol}', { params: { symbol: 'CC' }, query: { range: '1w' } });

  // Sessions: Ana signs in twice more, ends one of those sessions, then every other.
  const other = await session(ANA);
  await session(ANA);
  const sessions = await record('listSessions', other, 'get', '/sessions');
  await record('endSession', other, 'delete', '/sessions/{id}', { params: { id: sessions.find((s) => !s.current).id } });
  await record('endOtherSessions', other, 'post', '/sessions/sign-out-others');

  // The live socket answers 101 with no body: only its request is an example.
  examples.liveSocket = { request: { query: { party } } };

  // A read the story above does not call is recorded from the document itself when its path names
  // only an account, a party, the user or a symbol (as Ana's one session still signed in): a new GET
  // endpoint needs no step here.
  const known = { accountId: account, partyId: party, userId: ana.userId, symbol: 'CC' };
  const document = await (await fetch(`${server.baseURL}/api/openapi.json`)).json();
  for (const [path, item] of Object.entries(document.paths)) {
    const op = item.get;
    const names = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name);
    if (!op || op.operationId in examples || !names.every((name) => name in known)) continue;
    const params = Object.fromEntries(names.map((name) => [name, known[name]]));
    await record(op.operationId, other, 'get', path.replace(/^\/api/, ''), { params });
  }
} finally {
  await server.stop();
}
// Kept examples stay as they are (ids and times do not churn), unless `-- --all` records them anew;
// an operation whose kept example no longer parses fails examples.test.ts: re-record with --all.
const kept = process.argv.includes('--all') || !existsSync(OUT) ? {} : JSON.parse(readFileSync(OUT, 'utf8'));
const sorted = Object.fromEntries(Object.entries({ ...examples, ...kept }).sort(([a], [b]) => a.localeCompare(b)));
// Written as `npm run format` would write it, so that the formatter's check passes as is.
writeFileSync(OUT, await format(JSON.stringify(sorted), { ...(await resolveConfig(OUT)), filepath: OUT }));
console.log(`examples: ${Object.keys(sorted).length} operations written to ${OUT}`);
