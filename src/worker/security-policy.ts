// The browser security policy of every response, in one place: the Worker's middleware (API and
// sign-in answers, server-rendered pages) and the build step that writes the static assets'
// `_headers` file both take their headers from here, so pages, assets and the API cannot drift apart.
// Pure functions, no Worker or Node APIs: the Astro config imports this module too.
import { LOGO_SERVICE_ORIGIN } from '../shared/asset-links';

/** The origin of a configured Supabase project URL, or null for the embedded default (same origin). */
export function supabaseOrigin(supabaseUrl: string | undefined): string | null {
  const raw = supabaseUrl?.trim();
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The page policy without `script-src` and `style-src`: those carry per-page hashes (Astro's
 * `security.csp`) and are added by `pageCsp`. `default-src 'self'` is the fallback for everything
 * not named here.
 */
export function pageBaseDirectives(opts: { supabaseUrl?: string }): string[] {
  const supabase = supabaseOrigin(opts.supabaseUrl);
  return [
    "default-src 'self'",
    // 'self' also covers the live updates' WebSocket (same host, ws: or wss:; CSP Level 3).
    `connect-src 'self'${supabase ? ` ${supabase}` : ''}`,
    `img-src 'self' data: ${LOGO_SERVICE_ORIGIN}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-src 'none'",
    "worker-src 'self'",
    "manifest-src 'self'",
  ];
}

/** Directives a <meta> CSP may not carry (browsers ignore them there, with a console warning). */
export const HEADER_ONLY_DIRECTIVES = ["frame-ancestors 'none'"];

/** The full page policy: base, header-only directives, and the given script/style sources. */
export function pageCsp(opts: { supabaseUrl?: string; scriptSrc: string[]; styleSrc: string[] }): string {
  return [
    ...pageBaseDirectives(opts),
    ...HEADER_ONLY_DIRECTIVES,
    ['script-src', "'self'", ...opts.scriptSrc].join(' '),
    ['style-src', "'self'", ...opts.styleSrc].join(' '),
  ].join('; ');
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const FORM_CONTENT_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];

/**
 * Astro's checkOrigin rule, the pages' CSRF defence: a write that comes from another origin or names
 * none and is form-like (a form content type, or none). Browsers send Origin with every form POST.
 */
export function isForbiddenCrossSiteWrite(request: Request, url: URL): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  if (request.headers.get('origin') === url.origin) return false;
  const contentType = request.headers.get('content-type');
  if (contentType === null) return true;
  const type = contentType.toLowerCase();
  return FORM_CONTENT_TYPES.some((form) => type.includes(form));
}

/** JSON answers load nothing and are never framed. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * Browser features the app does not use are turned off; clipboard-write stays on for this origin
 * (party ids and transaction hashes are copied). Only features Chromium knows: an unknown one
 * (bluetooth) makes it log a warning on every page.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'clipboard-read=()',
  'clipboard-write=(self)',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/** Headers every response carries (the CSP is added by the caller: page or API). */
export const COMMON_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
  'Permissions-Policy': PERMISSIONS_POLICY,
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** The script and style sources of a page's <meta http-equiv="content-security-policy">. */
export function metaCspSources(html: string): { scriptSrc: string[]; styleSrc: string[] } | null {
  const meta = /<meta\s[^>]*http-equiv=["']content-security-policy["'][^>]*>/i.exec(html)?.[0];
  const content = meta && /\scontent=(?:"([^"]*)"|'([^']*)')/i.exec(meta);
  if (!content) return null;
  return policySources(
    (content[1] ?? content[2] ?? '')
      .replace(/&#39;|&apos;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&'),
  );
}

/**
 * The script and style sources (hashes) of a page's own policy: its CSP <meta> (prerendered pages),
 * else the Content-Security-Policy header Astro set on a page it rendered on demand.
 */
export function pageCspSources(html: string, header: string | null): { scriptSrc: string[]; styleSrc: string[] } {
  return metaCspSources(html) ?? (header ? policySources(header) : { scriptSrc: [], styleSrc: [] });
}

function policySources(policy: string): { scriptSrc: string[]; styleSrc: string[] } {
  const sources = (name: string) => {
    const directive = policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .find(([n]) => n === name);
    return (directive?.slice(1) ?? []).filter((s) => s !== "'self'");
  };
  return { scriptSrc: sources('script-src'), styleSrc: sources('style-src') };
}

/** A policy with one more source in its style-src (a style a page carries that the policy did not name). */
export function withStyleSource(policy: string, source: string): string {
  const directives = policy.split(';').map((d) => d.trim());
  const at = directives.findIndex((d) => d.split(/\s+/)[0] === 'style-src');
  if (at < 0) return [...directives.filter(Boolean), `style-src 'self' '${source}'`].join('; ');
  directives[at] = `${directives[at]} '${source}'`;
  return directives.filter(Boolean).join('; ');
}
