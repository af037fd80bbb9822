// Canton party ids: `<hint>::<fingerprint>`, where the fingerprint is the namespace key's SHA-256
// multihash ('1220' = sha2-256, 32 bytes) over Canton's hash purpose prefix for public key
// fingerprints (purpose 12, 4 bytes big-endian) and the raw public key. Hosted parties get a fresh
// Ed25519 key; its private half is not kept, since the simulated participant signs nothing with it.
import { bytesToHex, hexToBytes, sha256Hex } from '../../platform/primitives';

export const TREASURY_PARTY = 'dolar-treasury::12202caa36aa252c702c7490a4bf05a4fd0b1afb4596902a7d61862a3abc5c4160de';
export const ISSUER_PARTY = 'DSO::12207a05c5ee7b05767b0ee3f061aea03918443b112b0848b4e67b96dd286b24780f';
export const CC = 'CC';
export const NETWORK = 'canton';

const PURPOSE_PUBLIC_KEY_FINGERPRINT = new Uint8Array([0, 0, 0, 12]);

export async function fingerprintOf(publicKeyHex: string): Promise<string> {
  return '1220' + (await sha256Hex(PURPOSE_PUBLIC_KEY_FINGERPRINT, hexToBytes(publicKeyHex)));
}

/** A party hint from free text (an account name): letters, digits, - and _, at most 32. */
export function hintFrom(text: string): string {
  const hint = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 32)
    .replace(/-+$/, '');
  return hint || 'party';
}

export async function newHostedPartyKey(): Promise<{ publicKey: string; fingerprint: string }> {
  const pair = await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify']);
  const publicKey = bytesToHex(await crypto.subtle.exportKey('raw', pair.publicKey));
  return { publicKey, fingerprint: await fingerprintOf(publicKey) };
}

export async function verifyEd25519(publicKeyHex: string, signatureHex: string, messageHex: string): Promise<boolean> {
  try {
    const key = await crypto.subtle.importKey('raw', hexToBytes(publicKeyHex), { name: 'Ed25519' }, false, ['verify']);
    return await crypto.subtle.verify({ name: 'Ed25519' }, key, hexToBytes(signatureHex), hexToBytes(messageHex));
  } catch {
    return false;
  }
}

/** A random Canton-style contract id ('00' + 64 hex). */
export function contractId(): string {
  return '00' + bytesToHex(crypto.getRandomValues(new Uint8Array(32)));
}
