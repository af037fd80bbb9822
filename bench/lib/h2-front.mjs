// An HTTP/2 (TLS) front for the benchmark's Lighthouse runs (BENCH_H2=1): production serves the app
// over HTTP/2 or 3 from Cloudflare, while wrangler dev speaks HTTP/1.1, for which Lighthouse's
// simulation charges every script a fresh connection with TCP slow start. This front multiplexes
// one TLS connection and passes each request to wrangler dev unchanged (same Host, same bytes, body
// still compressed), so only the protocol differs. A measurement aid, not part of the app.
import { request } from 'node:http';
import { constants, createSecureServer } from 'node:http2';
import { selfSignedCert } from './cert.mjs';

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer']);

/** Starts the front for the app at `upstream` (http://127.0.0.1:port); null without openssl. */
export async function startH2Front(upstream) {
  const tls = selfSignedCert('localhost', 'DNS:localhost,IP:127.0.0.1');
  if (!tls) return null;
  const { cert, key, spki } = tls;
  const target = new URL(upstream);
  const server = createSecureServer({ cert, key, allowHTTP1: false });
  server.on('stream', (stream, headers) => {
    const out = {};
    for (const [name, value] of Object.entries(headers)) if (!name.startsWith(':') && !HOP_BY_HOP.has(name)) out[name] = value;
    out.host = target.host;
    const req = request(
      { host: target.hostname, port: target.port, method: headers[constants.HTTP2_HEADER_METHOD], path: headers[constants.HTTP2_HEADER_PATH], headers: out },
      (res) => {
        const back = { ':status': res.statusCode };
        for (const [name, value] of Object.entries(res.headers)) if (!HOP_BY_HOP.has(name)) back[name] = value;
        if (stream.destroyed) return res.resume();
        stream.respond(back);
        res.pipe(stream);
      },
    );
    req.on('error', () => {
      if (!stream.destroyed && !stream.headersSent) stream.respond({ ':status': 502 });
      stream.end();
    });
    stream.on('error', () => req.destroy());
    stream.pipe(req);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    baseURL: `https://localhost:${port}`,
    spki,
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        setTimeout(resolve, 2000);
      }),
  };
}
