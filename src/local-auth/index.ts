// The local sign-in service, its own part: what the BFF (src/worker) uses of it, through this one
// module. It stands in for Supabase Auth in local runs and demos (docs/security.md, Sign-in) and is not part of
// the upstream: the embedded core (src/core) never imports it. The access-token check lives here
// because the BFF must refuse exactly the tokens the local service's own bearer check refuses.
export { identityApp } from './app';
export { authSettings, type AuthVars } from './config';
export { currentSigningKey } from './keys';
export { endSessions, liveSessionsOf, sessionIsLive, sessionIsLiveCached } from './store';
export { localIssuer } from './tokens';
export { localKeyEpoch, localKeyResolver, verifyAccessTokenCached, type KeyEpoch } from './verify';
