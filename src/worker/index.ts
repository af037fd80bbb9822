// The Hono app behind the Worker: the BFF under /api and the local sign-in service under /auth/v1.
// Islands import only `AppType` and call through one hc<AppType> client.
import { Hono } from 'hono';
import type { AppEnv } from './env';
import { health } from './routes/health';

const api = new Hono<AppEnv>().basePath('/api').route('/health', health);

export type AppType = typeof api;

export const app = new Hono<AppEnv>();
app.notFound((c) => c.json({ message: 'Not found' }, 404));
app.onError((err, c) => {
  console.error('unhandled error', err instanceof Error ? err.message : String(err));
  return c.json({ message: 'Internal server error' }, 500);
});
app.route('/', api);

export default app;
