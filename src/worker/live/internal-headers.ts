// The headers the upgrade route (src/worker/routes/live.ts) sets on the request it passes to the
// party's Durable Object (src/worker/live/party-live.ts): the verified user, its session and the
// token's expiry.
// Never a client's: the route builds a new request. Apart from the object's module so that the
// BFF's import graph does not load `cloudflare:workers` (the node-tier tests import the app).
export const LIVE_USER_HEADER = 'x-live-user';
export const LIVE_EXPIRES_HEADER = 'x-live-expires-ms';
export const LIVE_SESSION_HEADER = 'x-live-session';
