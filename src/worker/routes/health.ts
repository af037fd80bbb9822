// GET /api/health: open, touches KV and D1 so that a broken binding shows up here first.
import { Hono } from 'hono';
import type { AppEnv } from '../env';

export const health = new Hono<AppEnv>().get('/', async (c) => {
  await c.env.MARKET_CACHE.get('health:probe');
  await c.env.DB.prepare('SELECT 1 AS one').first();
  return c.json({ data: { ok: true as const } }, 200);
});
