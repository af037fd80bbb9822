// Embedded adapter: the core on D1 (src/core), called in-process through the same HTTP contract.
// The core trusts `x-user-id` because nothing outside this adapter can reach it. Its answers are
// passed on as text (`text`), parsed only if a caller reads `body`.
import { coreApp } from '../../core/app';
import type { Bindings } from '../env';
import { buildUrl, upstreamHeaders, type Upstream } from './port';

export function embeddedUpstream(env: Bindings): Upstream {
  return {
    async call(req, ctx) {
      const res = await coreApp.fetch(
        new Request(buildUrl('http://core.internal', req), {
          method: req.method,
          headers: upstreamHeaders(req),
          body: req.body === undefined ? undefined : JSON.stringify(req.body),
        }),
        env,
        ctx,
      );
      const replayed = res.headers.get('idempotent-replayed') === 'true';
      const text = await res.text();
      let body: unknown;
      let parsed = false;
      return {
        status: res.status,
        text,
        get body() {
          if (!parsed) {
            body = JSON.parse(text);
            parsed = true;
          }
          return body;
        },
        ...(replayed && { replayed }),
      };
    },
  };
}
