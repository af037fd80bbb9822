// The Worker's router remembers its matches: the same handlers and params as Hono's own router for
// every request, each path its own params, routes added later taken into account, and a bounded memory.
import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import { TrieRouter } from 'hono/router/trie-router';
import { MemoRouter } from './memo-router';

function app() {
  const a = new Hono({ router: new MemoRouter() });
  a.use('*', async (c, next) => {
    await next();
    c.header('x-mw', 'all');
  });
  a.get('/accounts/user/accounts', (c) => c.text('list'));
  a.get('/accounts/user/accounts/:id', (c) => c.text(`one ${c.req.param('id')}`));
  a.get('/accounts/:userId', (c) => c.text(`profile ${c.req.param('userId')}`));
  a.post('/accounts/:userId', (c) => c.text(`post ${c.req.param('userId')}`));
  return a;
}

describe('the memoizing router', () => {
  it("answers each path with its own route and params, the same the second time (the spec's paths RegExpRouter refuses)", async () => {
    const a = app();
    for (let round = 0; round < 2; round++) {
      expect(await (await a.request('/accounts/user/accounts')).text()).toBe('list');
      expect(await (await a.request('/accounts/user/accounts/7')).text()).toBe('one 7');
      expect(await (await a.request('/accounts/user/accounts/8')).text()).toBe('one 8');
      expect(await (await a.request('/accounts/u-1')).text()).toBe('profile u-1');
      expect(await (await a.request('/accounts/u-2')).text()).toBe('profile u-2');
      expect(await (await a.request('/accounts/u-1', { method: 'POST' })).text()).toBe('post u-1');
      expect((await a.request('/accounts/u-1')).headers.get('x-mw')).toBe('all');
      expect((await a.request('/nothing')).status).toBe(404);
    }
  });

  it('matches a method and path once while the routes stand, and again after a route is added', () => {
    const trie = new TrieRouter<string>();
    const match = vi.spyOn(trie, 'match');
    const router = new MemoRouter<string>(trie);
    router.add('GET', '/a/:id', 'a');
    expect(router.match('GET', '/a/1')).toEqual(trie.match('GET', '/a/1'));
    match.mockClear();
    router.match('GET', '/a/1');
    router.match('GET', '/a/1');
    expect(match).not.toHaveBeenCalled();
    router.match('POST', '/a/1');
    expect(match).toHaveBeenCalledTimes(1);
    router.add('GET', '/a/1', 'exact');
    expect(router.match('GET', '/a/1')[0].map(([h]) => h)).toEqual(['a', 'exact']);
  });

  it('keeps at most a thousand matches (crafted paths only empty it)', () => {
    const trie = new TrieRouter<string>();
    const match = vi.spyOn(trie, 'match');
    const router = new MemoRouter<string>(trie);
    router.add('GET', '/a/:id', 'a');
    router.match('GET', '/a/first');
    for (let i = 0; i < 1_000; i++) router.match('GET', `/a/${i}`);
    match.mockClear();
    // The first path was forgotten when the memory filled up; the latest is remembered.
    router.match('GET', '/a/first');
    expect(match).toHaveBeenCalledTimes(1);
    router.match('GET', '/a/first');
    expect(match).toHaveBeenCalledTimes(1);
  });
});
