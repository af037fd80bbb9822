// Any path that is neither a static page or asset nor /api/* redirects to the landing page
// (spec: "Any other path redirects to /"). Static assets are served before the Worker runs, so
// prerendered pages added later are never caught here.
import type { APIRoute } from 'astro';

export const prerender = false;

export const ALL: APIRoute = () => new Response(null, { status: 302, headers: { Location: '/' } });
