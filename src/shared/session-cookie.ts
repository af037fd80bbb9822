// The session cookie's name, shared by the browser that writes it (@supabase/ssr's browser client,
// src/lib/auth-storage.ts) and the Worker that reads it on page requests (src/worker/page-session.ts).
// Before cookies the session was kept in localStorage under the same name.
export const AUTH_COOKIE_NAME = 'dolar-auth';
