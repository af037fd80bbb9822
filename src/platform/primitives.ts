// Ids, time and hashing, the same for every part of the Worker (embedded core, local sign-in service,
// BFF): Web Crypto only, so they run in workerd, Node and the browser alike.

export const newId = () => crypto.randomUUID();

/** An instant as ISO 8601 UTC, the form every D1 timestamp column holds; now by default. */
export const nowIso = (ms = Date.now()) => new Date(ms).toISOString();

export const bytesToHex = (bytes: ArrayBuffer | Uint8Array) =>
  [...(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes))].map((b) => b.toString(16).padStart(2, '0')).join('');

export const hexToBytes = (hex: string) => {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
};

export async function sha256Hex(...parts: (string | Uint8Array)[]): Promise<string> {
  const chunks = parts.map((p) => (typeof p === 'string' ? new TextEncoder().encode(p) : p));
  const all = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.length;
  }
  return bytesToHex(await crypto.subtle.digest('SHA-256', all));
}
