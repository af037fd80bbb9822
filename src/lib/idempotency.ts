// Idempotency-Key values for money movements (the BFF replays the first answer for a repeated key).
/** A fresh Idempotency-Key for one money movement (retries of the same click reuse it). */
export function idempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
