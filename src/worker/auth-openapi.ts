// The sign-in a client calls before /api, published as its own OpenAPI 3.1 document at
// GET /api/auth-openapi.json: the part of the Supabase Auth (GoTrue) API this app relies on (phone
// one-time codes, verify, refresh, the user, logout with scopes). Production signs in at the Supabase
// project's origin, the embedded default at this Worker's own /auth/v1 (src/local-auth/, the same
// shapes): the document's one server says which, from the configuration. The schemas below are
// checked against the embedded service's real answers (tests/worker/bff/auth-openapi.test.ts).
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { LIMITS, type LimiterName } from '../shared/limiters';
import { supabaseOrigin } from './security-policy';

/** E.164 as GoTrue reads it: an optional `+`, then 2 to 15 digits, the first 1-9 (spaces, dashes, dots and brackets are dropped first). */
const phone = z
  .string()
  .openapi({ description: 'The phone number in E.164 (`+15555550100`); GoTrue drops spaces, dashes, dots and brackets', example: '+15555550100' });

const otpRequest = z
  .object({
    phone,
    channel: z.enum(['sms', 'whatsapp']).optional().openapi({ description: 'Where the code goes (default `sms`)' }),
    create_user: z
      .boolean()
      .optional()
      .openapi({ description: 'Sign a new number up (default `true`); `false` answers 422 `otp_disabled` for an unknown number' }),
  })
  .openapi('OtpRequest', { example: { phone: '+15555550100', channel: 'sms', create_user: true } });

export const otpAnswer = z
  .object({ message_id: z.string().openapi({ description: "The SMS provider's message id (`test-otp` for a test number)" }) })
  .openapi('OtpAnswer', { example: { message_id: 'b6c0a3e2-6f0e-4c7a-9b7e-2f1d5c9a0e11' } });

const verifyRequest = z
  .object({
    phone,
    token: z
      .string()
      .regex(/^[0-9]{6}$/)
      .openapi({ description: 'The six-digit code the user received' }),
    type: z.literal('sms').openapi({ description: 'Always `sms` for a phone code (WhatsApp codes too)' }),
  })
  .openapi('VerifyRequest', { example: { phone: '+15555550100', token: '123456', type: 'sms' } });

const refreshRequest = z
  .object({ refresh_token: z.string().min(1).openapi({ description: 'The `refresh_token` of the last session answer' }) })
  .openapi('RefreshRequest', { example: { refresh_token: 'kq3v7x2mtn5r' } });

const timestamp = z.string().openapi({ description: 'ISO 8601 date-time' });

export const authUser = z
  .object({
    id: z.uuid().openapi({ description: "The user's id: the access token's `sub`, and the user every /api call acts for" }),
    aud: z.literal('authenticated'),
    role: z.literal('authenticated'),
    email: z.string().openapi({ description: 'Empty: phone sign-in only' }),
    phone: z.string().openapi({ description: 'E.164 digits without `+`', example: '15555550100' }),
    phone_confirmed_at: timestamp.nullable(),
    confirmed_at: timestamp.nullable(),
    last_sign_in_at: timestamp.nullable(),
    app_metadata: z.object({ provider: z.string(), providers: z.array(z.string()) }).loose(),
    user_metadata: z.record(z.string(), z.unknown()),
    identities: z.array(z.unknown()),
    created_at: timestamp,
    updated_at: timestamp,
    is_anonymous: z.boolean(),
  })
  .loose()
  .openapi('AuthUser', { description: 'The signed-in user (Supabase Auth may add fields: ignore the ones you do not know)' });

export const authSession = z
  .object({
    access_token: z.string().openapi({ description: 'A JWT: send it to /api as `Authorization: Bearer <access_token>`' }),
    token_type: z.literal('bearer'),
    expires_in: z.int().positive().openapi({ description: 'Seconds the access token lives (3600)' }),
    expires_at: z.int().positive().openapi({ description: 'When it expires, in Unix seconds: refresh before then' }),
    refresh_token: z.string().min(1).openapi({ description: 'Single use: each refresh answers a new one; keep only the newest' }),
    user: authUser,
  })
  .openapi('AuthSession', { description: 'A session: the bearer token for /api and the refresh token that renews it' });

/** GoTrue's error with `X-Supabase-Api-Version: 2024-01-01` (send it always), and the legacy form without it. */
export const authError = z
  .union([
    z.object({ code: z.string().openapi({ description: 'A stable error code, e.g. `otp_expired`' }), message: z.string() }).openapi('AuthErrorAnswer'),
    z.object({ code: z.int().openapi({ description: 'The HTTP status' }), error_code: z.string(), msg: z.string() }).openapi('AuthLegacyErrorAnswer'),
  ])
  .openapi('AuthError', {
    description:
      'With `X-Supabase-Api-Version: 2024-01-01` the body is `{code, message}` (`code` a string); without it the legacy `{code: <status>, error_code, msg}`.',
  });

const versionHeader = z.object({
  'x-supabase-api-version': z
    .literal('2024-01-01')
    .optional()
    .openapi({ description: 'Send `2024-01-01` (as supabase-js does): errors answer `{code, message}`', example: '2024-01-01' }),
});

const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } }) as const;

const failure = (description: string, codes: string[]) => ({
  description: `${description}. Codes: ${codes.map((code) => `\`${code}\``).join(', ')}`,
  content: json(authError),
});

const tooMany = (codes: string[]) => ({
  description: `Too many requests. Codes: ${codes.map((code) => `\`${code}\``).join(', ')}`,
  headers: { 'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer' as const } } },
  content: json(authError),
});

const serverError = { 500: failure('The service failed (`unexpected_failure`)', ['unexpected_failure']) };

/** The per-address limit of a call as the document states it (figures in src/shared/limiters.ts). */
const rateLimit = (name: LimiterName) => ({ 'x-rate-limit': { limit: LIMITS[name].limit, windowSeconds: LIMITS[name].periodS, per: LIMITS[name].per } });

const publishable = { apikey: [] };
const signedIn = { apikey: [], bearer: [] };

const sendCode = createRoute({
  method: 'post',
  path: '/otp',
  operationId: 'sendPhoneCode',
  tags: ['Sign-in'],
  summary: 'Send a one-time code by SMS or WhatsApp',
  description: 'Sends a six-digit code, valid 10 minutes, to the phone. Asking again is a resend; one code per number every 60 seconds.',
  security: [publishable],
  request: { headers: versionHeader, body: { required: true, content: json(otpRequest) } },
  responses: {
    200: { description: 'The code was sent', content: json(otpAnswer) },
    400: failure('The body is not JSON, or the phone or channel is invalid', ['bad_json', 'validation_failed']),
    422: failure('A sign-up refused (`create_user: false` for an unknown number) or an e-mail sign-in asked', ['otp_disabled', 'email_provider_disabled']),
    429: tooMany(['over_sms_send_rate_limit', 'over_request_rate_limit']),
    ...serverError,
  },
  ...rateLimit('RL_AUTH_OTP'),
});

const verifyCode = createRoute({
  method: 'post',
  path: '/verify',
  operationId: 'verifyPhoneCode',
  tags: ['Sign-in'],
  summary: 'Trade the code for a session',
  description: 'Checks the code (used once) and answers a session, creating the user on the first sign-in.',
  security: [publishable],
  request: { headers: versionHeader, body: { required: true, content: json(verifyRequest) } },
  responses: {
    200: { description: 'Signed in', content: json(authSession) },
    400: failure('The body is not JSON, the type is not `sms` or the phone is invalid', ['bad_json', 'validation_failed']),
    403: failure('The code is wrong, spent or expired', ['otp_expired']),
    429: tooMany(['over_request_rate_limit']),
    ...serverError,
  },
  ...rateLimit('RL_AUTH_VERIFY'),
});

const refreshSession = createRoute({
  method: 'post',
  path: '/token',
  operationId: 'refreshSession',
  tags: ['Sign-in'],
  summary: 'Renew the session with its refresh token',
  description:
    'Answers a new access token and a new refresh token; the old refresh token is spent. Presented again within 10 seconds it answers the current pair (a retry after a lost answer); later, it ends the whole session.',
  security: [publishable],
  request: {
    query: z.object({ grant_type: z.literal('refresh_token').openapi({ description: 'Always `refresh_token`' }) }),
    headers: versionHeader,
    body: { required: true, content: json(refreshRequest) },
  },
  responses: {
    200: { description: 'The renewed session', content: json(authSession) },
    400: failure('No valid refresh token: sign in again', [
      'bad_json',
      'validation_failed',
      'refresh_token_not_found',
      'refresh_token_already_used',
      'session_expired',
      'session_not_found',
      'user_not_found',
    ]),
    429: tooMany(['over_request_rate_limit']),
    ...serverError,
  },
  ...rateLimit('RL_AUTH_TOKEN'),
});

const bearerRefusals = {
  401: failure('No bearer token', ['no_authorization']),
  403: failure('The token is invalid or expired, or its session or user is gone', ['bad_jwt', 'session_not_found', 'user_not_found']),
};

const currentUser = createRoute({
  method: 'get',
  path: '/user',
  operationId: 'getSignedInUser',
  tags: ['Session'],
  summary: 'Read the signed-in user',
  description: "The user of the access token, checked against its live session (a signed-out session's token is refused here, as by /api).",
  security: [signedIn],
  request: { headers: versionHeader },
  responses: { 200: { description: 'The user', content: json(authUser) }, ...bearerRefusals, ...serverError },
});

const signOut = createRoute({
  method: 'post',
  path: '/logout',
  operationId: 'signOut',
  tags: ['Session'],
  summary: 'Sign out',
  description:
    "Ends sessions of the token's user: `global` (the default) every one, `local` this one, `others` every one but this. An ended session's access token is refused by /api at once and its refresh token no longer renews it.",
  security: [signedIn],
  request: {
    query: z.object({ scope: z.enum(['global', 'local', 'others']).optional().openapi({ description: 'Which sessions end (default `global`)' }) }),
    headers: versionHeader,
  },
  responses: {
    204: { description: 'Signed out' },
    400: failure('An unknown scope', ['validation_failed']),
    ...bearerRefusals,
    ...serverError,
  },
});

const DESCRIPTION = `How a client signs in before calling the API (/api/openapi.json): the part of the
[Supabase Auth](https://supabase.com/docs/reference/api) (GoTrue) API this app uses, phone one-time codes.
Any Supabase client library (supabase-js, supabase-swift, supabase-kt) speaks it.

1. \`POST /otp\` with the phone: the user receives a six-digit code.
2. \`POST /verify\` with the phone and the code: a session, \`{access_token, expires_in, expires_at, refresh_token, user}\`.
3. Call /api with \`Authorization: Bearer <access_token>\`. The token is a JWT (ES256) valid \`expires_in\` seconds (one hour), until \`expires_at\` (Unix seconds).
4. Before \`expires_at\` (a minute ahead is safe), \`POST /token?grant_type=refresh_token\` with the \`refresh_token\`: a new session; keep only the newest refresh token (each is single use).
5. \`POST /logout\` ends this session, every one or the others (\`scope\`).

**Where.** In production the sign-in service is the app's Supabase project (\`PUBLIC_SUPABASE_URL\` + \`/auth/v1\`), another origin than the API's, and every call carries the project's publishable key as \`apikey\`. Local runs and demos serve the same calls at the app's own \`/auth/v1\` (any non-empty \`apikey\`). The \`servers\` entry of this document names the one of the server that served it.

**Errors.** Send \`X-Supabase-Api-Version: 2024-01-01\`: every error is then \`{code, message}\` with a stable string \`code\` (\`otp_expired\`, \`over_sms_send_rate_limit\`...); a 429 carries \`Retry-After\`. A 401 or 403 from /api means: refresh, or sign in again.`;

function declarations() {
  const app = new OpenAPIHono();
  for (const route of [sendCode, verifyCode, refreshSession, currentUser, signOut]) app.openAPIRegistry.registerPath(route);
  app.openAPIRegistry.registerComponent('securitySchemes', 'apikey', {
    type: 'apiKey',
    in: 'header',
    name: 'apikey',
    description: "The Supabase project's publishable (anon) key; locally any non-empty value",
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The `access_token` of the session',
  });
  return app;
}

/**
 * The sign-in document for one deployment: its server is the Supabase project's /auth/v1 when
 * `PUBLIC_SUPABASE_URL` is set, else this Worker's own (the embedded sign-in service); `origin`, the
 * app's, for its terms and reference.
 */
export function authOpenApiDocument(supabaseUrl: string | undefined, origin: string) {
  const project = supabaseOrigin(supabaseUrl);
  const server = project
    ? { url: `${project}/auth/v1`, description: "The app's Supabase project (production)" }
    : // Relative: the origin that served this document, wherever the app runs.
      { url: '/auth/v1', description: "This server's embedded sign-in service (local runs and demos)" };
  return declarations().getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'Dólar app sign-in',
      version: '1.0.0',
      description: DESCRIPTION,
      license: { name: 'Proprietary', url: `${origin}/terms` },
      contact: { name: 'Dólar app API', url: `${origin}/api/reference` },
    },
    servers: [server],
    tags: [
      { name: 'Sign-in', description: 'From a phone number to a session, and renewing it' },
      { name: 'Session', description: 'The signed-in user and signing out' },
    ],
  });
}
