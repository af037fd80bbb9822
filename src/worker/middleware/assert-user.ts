// Defense in depth for routers that forward as the user: they refuse to run (401) unless the auth
// middleware in front of them (require-user) has set the verified user, so a router mounted by
// mistake outside it can never forward an empty x-user-id.
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { refuseWith } from '../../platform/errors';

export const assertUser = () =>
  createMiddleware<AppEnv>(async function assertUser(c, next) {
    if (!c.var.userId) return refuseWith(c, 401, 'Authentication required', 'unauthorized');
    await next();
  });
