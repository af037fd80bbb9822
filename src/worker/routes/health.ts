// GET /api/health: open, touches KV and D1 so that a broken binding shows up here first.
import { health as route } from '../../shared/contract/market';
import { contractApp } from '../bff-apps';

export const health = contractApp().openapi(route, async (c) => {
  await c.env.MARKET_CACHE.get('health:probe');
  await c.env.DB.prepare('SELECT 1 AS one').first();
  return c.json({ data: { ok: true as const } }, 200);
});
