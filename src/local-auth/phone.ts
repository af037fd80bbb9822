// Phone numbers as GoTrue treats them: the leading '+' and separators are dropped, and what is left
// must be E.164 digits (a first digit 1-9, 2 to 15 digits in all). Stored and signed without '+'.
const E164_DIGITS = /^[1-9][0-9]{1,14}$/;

export function normalisePhone(input: unknown): string | null {
  if (typeof input !== 'string') return null;
  const trimmed = input.trim();
  const withoutPlus = trimmed.startsWith('+') ? trimmed.slice(1) : trimmed;
  const digits = withoutPlus.replace(/[\s\-().]/g, '');
  return E164_DIGITS.test(digits) ? digits : null;
}

/** AUTH_TEST_OTP: "15555550100=123456,15555550101=654321" (phone digits = 6-digit code). */
export function parseTestOtps(config: string | undefined): Map<string, string> {
  const map = new Map<string, string>();
  for (const pair of (config ?? '').split(',')) {
    const [rawPhone, code] = pair.split('=').map((s) => s.trim());
    const phone = normalisePhone(rawPhone);
    if (phone && code && /^[0-9]{6}$/.test(code)) map.set(phone, code);
  }
  return map;
}
