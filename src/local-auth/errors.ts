// Errors as GoTrue answers them. With `X-Supabase-Api-Version: 2024-01-01` (which auth-js always
// sends) the body is {code, message} and the header is echoed; otherwise the legacy
// {code: status, error_code, msg}. auth-js reads `code` (or `error_code`) as the AuthApiError code.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export const API_VERSION_HEADER = 'x-supabase-api-version';
const API_VERSION_2024 = '2024-01-01';

export type GoTrueErrorCode =
  | 'validation_failed'
  | 'bad_json'
  | 'bad_jwt'
  | 'no_authorization'
  | 'otp_expired'
  | 'otp_disabled'
  | 'over_sms_send_rate_limit'
  | 'over_request_rate_limit'
  | 'refresh_token_not_found'
  | 'refresh_token_already_used'
  | 'session_not_found'
  | 'session_expired'
  | 'user_not_found'
  | 'email_provider_disabled'
  | 'not_found';

export function wantsVersioned(c: Context): boolean {
  const v = c.req.header(API_VERSION_HEADER);
  return !!v && /^\d{4}-\d{2}-\d{2}$/.test(v) && v >= API_VERSION_2024;
}

export function gotrueError(c: Context, status: ContentfulStatusCode, code: GoTrueErrorCode, message: string) {
  if (wantsVersioned(c)) {
    c.header(API_VERSION_HEADER, API_VERSION_2024);
    return c.json({ code, message }, status);
  }
  return c.json({ code: status, error_code: code, msg: message }, status);
}
