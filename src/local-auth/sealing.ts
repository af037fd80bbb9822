// AES-GCM sealing under keys derived (HKDF-SHA-256) from the Worker secret AUTH_SIGNING_KEY_SECRET:
// the signing keys' private JWKs at rest in D1, and a rotated refresh token's child during the
// reuse interval. Web Crypto only. Each use names its purpose (HKDF info) and binds the ciphertext to
// its row (additional data), so a sealed value cannot be moved to another row or another use.
const enc = new TextEncoder();

function b64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function fromB64url(text: string): Uint8Array<ArrayBuffer> {
  const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(bin, (ch) => ch.charCodeAt(0));
}

async function derive(secret: string, salt: string, info: string): Promise<CryptoKey> {
  const ikm = await crypto.subtle.importKey('raw', enc.encode(secret), 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: enc.encode(salt), info: enc.encode(info) },
    ikm,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

export interface SealContext {
  /** HKDF salt: a fixed label, or a value only the legitimate caller holds (a parent refresh token). */
  salt: string;
  /** HKDF info: what the key is for. */
  info: string;
  /** AES-GCM additional data: the row the value belongs to. */
  aad: string;
}

/** base64url(iv).base64url(ciphertext and tag) */
export async function seal(secret: string, ctx: SealContext, plaintext: string): Promise<string> {
  const key = await derive(secret, ctx.salt, ctx.info);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ct = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: enc.encode(ctx.aad) }, key, enc.encode(plaintext));
  return `${b64url(iv)}.${b64url(new Uint8Array(ct))}`;
}

/** The plaintext, or null when the value was not sealed with this secret and context. */
export async function unseal(secret: string, ctx: SealContext, sealed: string): Promise<string | null> {
  const [iv, ct] = sealed.split('.');
  if (!iv || !ct) return null;
  try {
    const key = await derive(secret, ctx.salt, ctx.info);
    const pt = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: fromB64url(iv), additionalData: enc.encode(ctx.aad) }, key, fromB64url(ct));
    return new TextDecoder().decode(pt);
  } catch {
    return null;
  }
}
