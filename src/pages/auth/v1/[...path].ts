// Hands every /auth/v1 request to the Hono app (the local sign-in service in the embedded default;
// 404 when a Supabase project is configured), with the Worker's bindings and execution context.
import type { APIRoute } from 'astro';
import { env } from 'cloudflare:workers';
import { app } from '../../../worker/index';

export const prerender = false;

export const ALL: APIRoute = ({ request, locals }) =>
  app.fetch(request, env as never, (locals as { cfContext: ExecutionContext }).cfContext);
