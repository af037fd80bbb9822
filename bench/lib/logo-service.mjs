// A stand-in for the public logo service (https://assets.coincap.io, src/shared/market.ts) on
// loopback, because the benchmark runs offline: without it every logo request fails with
// ERR_NAME_NOT_RESOLVED, which Lighthouse counts as console errors. Chromium maps the host here
// (--host-resolver-rules) and trusts only this certificate (--ignore-certificate-errors-spki-list);
// Lighthouse's simulated throttling still charges each logo a connection to a third-party origin
// and its bytes. Every logo is the same 64x64 PNG of a few kB, the size of the service's icons.
import { createServer } from 'node:https';
import { deflateSync } from 'node:zlib';
import { selfSignedCert } from './cert.mjs';

export const LOGO_HOST = 'assets.coincap.io';

function crc32(buf) {
  let c;
  let crc = 0xffffffff;
  for (const byte of buf) {
    c = (crc ^ byte) & 0xff;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    crc = (crc >>> 8) ^ c;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A 64x64 RGBA PNG: a disc with some texture (a few kB, like a real icon). */
function iconPng() {
  const size = 64;
  const raw = Buffer.alloc(size * (size * 4 + 1));
  let seed = 7;
  const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const o = y * (size * 4 + 1) + 1 + x * 4;
      const inside = (x - 31.5) ** 2 + (y - 31.5) ** 2 < 31 ** 2;
      raw[o] = (40 + ((x * 3) & 0xf0) + rnd() * 2) | 0;
      raw[o + 1] = (90 + ((y * 2) & 0xf0) + rnd() * 2) | 0;
      raw[o + 2] = 200;
      raw[o + 3] = inside ? 255 : 0;
    }
  }
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td));
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Starts the stand-in; null when openssl is missing (the logo requests then fail as offline). */
export async function startLogoService() {
  const tls = selfSignedCert(LOGO_HOST, `DNS:${LOGO_HOST}`);
  if (!tls) return null;
  const { cert, key, spki } = tls;
  const png = iconPng();
  const server = createServer({ cert, key }, (req, res) => {
    res.writeHead(200, {
      'content-type': 'image/png',
      'content-length': png.length,
      'cache-control': 'public, max-age=86400',
      'access-control-allow-origin': '*',
    });
    res.end(png);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    port,
    iconBytes: png.length,
    hostRule: `--host-resolver-rules=MAP ${LOGO_HOST} 127.0.0.1:${port}`,
    spki,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}
