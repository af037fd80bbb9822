// The router of the Worker's apps (the BFF with the sign-in service, and the embedded core). The
// spec's paths put a parameter where other routes have a literal (/accounts/{userId} beside
// /accounts/user/accounts/{id}), which Hono's RegExpRouter refuses, so SmartRouter settles on the
// TrieRouter, whose match walks the trie and every middleware's wildcard for each request: a quarter
// of the Worker's CPU on an API read in its profile (bench/profile-worker.mjs). A method and path
// match the same handlers for as long as the routes stand, so the last MEMO_MAX matches are kept
// (a path's params are in its match, so a path is its own key). Bounded: crafted paths can only
// empty it, which costs the walk it saves.
import type { Result, Router } from 'hono/router';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { SmartRouter } from 'hono/router/smart-router';
import { TrieRouter } from 'hono/router/trie-router';

const MEMO_MAX = 1_000;

export class MemoRouter<T> implements Router<T> {
  readonly #router: Router<T>;
  readonly #matches = new Map<string, Result<T>>();

  constructor(router: Router<T> = new SmartRouter<T>({ routers: [new RegExpRouter<T>(), new TrieRouter<T>()] })) {
    this.#router = router;
  }

  get name(): string {
    return `MemoRouter + ${this.#router.name}`;
  }

  add(method: string, path: string, handler: T): void {
    this.#matches.clear();
    this.#router.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    const key = `${method} ${path}`;
    let result = this.#matches.get(key);
    if (!result) {
      result = this.#router.match(method, path);
      if (this.#matches.size >= MEMO_MAX) this.#matches.clear();
      this.#matches.set(key, result);
    }
    return result;
  }
}
