// Core: the upstream's notification calls (/notifications/...): the contract's declarations
// (src/shared/contract/notifications.ts) implemented, scoped to the caller.
import { contractHono } from '../../platform/contract-hono';
import * as api from '../../shared/contract/notifications';
import type { CoreEnv } from '../env';
import { listNotifications, markRead } from '../notifications/notifications';

export const notifications = contractHono<CoreEnv>()
  .openapi(api.listNotifications, async (c) => c.json({ data: await listNotifications(c.env.DB, c.var.userId, c.req.valid('query')) }, 200))
  .openapi(api.readNotification, async (c) => c.json({ data: await markRead(c.env.DB, c.var.userId, c.req.valid('param').id, false) }, 200))
  .openapi(api.readNotificationsThrough, async (c) => c.json({ data: await markRead(c.env.DB, c.var.userId, c.req.valid('json').through, true) }, 200));
