// Hands every /api request to the Hono BFF, with the Worker's bindings and execution context.
import type { APIRoute } from 'astro';
import { env } from 'cloudflare:workers';
import { app } from '../../worker/index';

export const prerender = false;

export const ALL: APIRoute = ({ request, locals }) =>
  app.fetch(request, env as never, (locals as { cfContext: ExecutionContext }).cfContext);
