// Embedded adapter: the core on D1 (src/core), called in-process through the same HTTP contract.
// The core trusts `x-user-id` because nothing outside this adapter can reach it.
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
      return { status: res.status, body: await res.json(), ...(replayed && { replayed }) };
    },
  };
}
