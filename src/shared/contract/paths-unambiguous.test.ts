// Every declared path template is unambiguous: no concrete path a client may send matches two of
// them, whatever the methods, so no id or symbol is ever shadowed by a route word (`stocks`,
// `history`, `user`...). A literal segment of one template and a param of another overlap only when
// the literal is a value that param accepts (its schema in the declaration), so `/wallets/{id}` (a
// uuid) and `/wallets/canton` can live side by side, while `/market/{symbol}/history` and
// `/market/stocks/{symbol}` cannot (`GET /market/stocks/history`).
import { describe, expect, it } from 'vitest';
import { declaredRoutes } from './index';

type Schema = { safeParse(v: unknown): { success: boolean } };

interface Template {
  key: string;
  segments: string[];
  params: Record<string, Schema | undefined>;
}

const templates: Template[] = declaredRoutes().map(({ key, path, route }) => {
  const params = (route as { request?: { params?: { shape?: Record<string, Schema> } } }).request?.params?.shape ?? {};
  return { key, segments: path.split('/').filter(Boolean), params };
});

const paramName = (segment: string) => (segment.startsWith(':') ? segment.slice(1) : null);

/** Whether a concrete value of `segment` may also be `other` (a literal or a param of another template). */
function overlap(a: Template, i: number, b: Template): boolean {
  const sa = a.segments[i]!;
  const sb = b.segments[i]!;
  const pa = paramName(sa);
  const pb = paramName(sb);
  if (!pa && !pb) return sa === sb;
  if (pa && pb) return true;
  // A literal against a param: the literal is a concrete value only if the param's schema accepts it.
  const [literal, schema] = pa ? [sb, a.params[pa]] : [sa, b.params[pb!]];
  return schema ? schema.safeParse(literal).success : true;
}

/** A concrete path both templates match, or null. */
function shared(a: Template, b: Template): string | null {
  if (a.segments.length !== b.segments.length) return null;
  if (!a.segments.every((_, i) => overlap(a, i, b))) return null;
  return '/' + a.segments.map((s, i) => (paramName(s) ? (paramName(b.segments[i]!) ? 'x' : b.segments[i]) : s)).join('/');
}

describe('the declared path templates', () => {
  it('number more than 40', () => {
    expect(templates.length).toBeGreaterThan(40);
  });

  it('are unambiguous: no concrete path matches two different templates', () => {
    const clashes: string[] = [];
    const distinct = [...new Map(templates.map((t) => [t.segments.join('/'), t])).values()];
    for (let i = 0; i < distinct.length; i++) {
      for (let j = i + 1; j < distinct.length; j++) {
        const path = shared(distinct[i]!, distinct[j]!);
        if (path) clashes.push(`${path}: ${distinct[i]!.key} and ${distinct[j]!.key}`);
      }
    }
    expect(clashes).toEqual([]);
  });

  it('sees a clash between a param and a route word it accepts', () => {
    const symbol = { safeParse: (v: unknown) => ({ success: typeof v === 'string' && /^[A-Z0-9.]+$/i.test(v) }) };
    const history: Template = { key: 'GET /m/:symbol/history', segments: ['m', ':symbol', 'history'], params: { symbol } };
    const stock: Template = { key: 'GET /m/stocks/:symbol', segments: ['m', 'stocks', ':symbol'], params: { symbol } };
    expect(shared(history, stock)).toBe('/m/stocks/history');
    const uuid = { safeParse: (v: unknown) => ({ success: typeof v === 'string' && /^[0-9a-f-]{36}$/.test(v) }) };
    expect(shared({ key: 'a', segments: ['w', ':id'], params: { id: uuid } }, { key: 'b', segments: ['w', 'canton'], params: {} })).toBeNull();
  });
});
