import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { completeMeta, HEADERS_BLOCK_END as END, HEADERS_BLOCK_START as START, inlineHashes, mergeHeaders } from './security-headers';
import { metaCspSources, pageCsp } from '../worker/security-policy';

const hash = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;
const page = (meta: string, body: string) => `<html><head><meta http-equiv="content-security-policy" content="${meta}">${body}</head></html>`;

describe('the build step of the page CSP', () => {
  it('hashes inline scripts and styles, not external scripts or data blocks', () => {
    const html = `<script>a()</script><script type="module">b()</script><script src="/x.js"></script><script type="application/ld+json">{}</script><style>p{}</style>`;
    expect(inlineHashes(html)).toEqual({ scripts: [hash('a()'), hash('b()')], styles: [hash('p{}')] });
  });

  it("adds the hashes a page's meta lacks (is:inline code) and keeps the ones it has", () => {
    const known = hash('known()');
    const html = page(`default-src 'self'; script-src 'self' ${known}; style-src 'self';`, '<script>known()</script><script>lang()</script><style>b{}</style>');
    const sources = metaCspSources(completeMeta(html)!);
    expect(sources).toEqual({ scriptSrc: [known, hash('lang()')], styleSrc: [hash('b{}')] });
    expect(completeMeta('<html></html>')).toBeNull();
  });

  it('writes its block first in _headers, replacing an older one and keeping the other rules', () => {
    const block = (n: number) => `${START}\n/*\n  A: ${n}\n${END}`;
    const first = mergeHeaders('/_astro/*\n  Cache-Control: immutable\n', block(1));
    const again = mergeHeaders(first, block(2));
    expect(again).toBe(`${block(2)}\n\n/_astro/*\n  Cache-Control: immutable\n`);
  });

  it('keeps its own rule for a path another rule also names (the later of two rules for a path replaces the other)', () => {
    const block = `${START}\n/*\n  A: 1\n/_astro/*\n  Cache-Control: x\n  ! A\n${END}`;
    const merged = mergeHeaders('/_astro/*\n  Cache-Control: immutable\n\n/images/*\n  B: 2\n', block);
    expect(merged).toBe(`${block}\n\n/images/*\n  B: 2\n`);
  });

  it("builds a page policy with connect-src for the Supabase origin, frame-ancestors 'none' and no unsafe-inline", () => {
    const csp = pageCsp({ supabaseUrl: 'https://abc.supabase.co/', scriptSrc: ["'sha256-x'"], styleSrc: [] });
    expect(csp).toContain("connect-src 'self' https://abc.supabase.co;");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self' 'sha256-x'");
    expect(csp).not.toContain('unsafe-inline');
    expect(pageCsp({ supabaseUrl: 'javascript:alert(1)', scriptSrc: [], styleSrc: [] })).toContain("connect-src 'self';");
  });
});
