// Each code's status (ERROR_STATUS, which the contract publishes codes under) agrees with the code a
// status implies when a site names none (defaultErrorCode): one meaning per code, whichever way it is read.
import { describe, expect, it } from 'vitest';
import { defaultErrorCode, ERROR_CODES, ERROR_STATUS } from './error-codes';

describe('error codes and their statuses', () => {
  it('gives every status-implied code that very status', () => {
    for (const status of [400, 401, 403, 404, 405, 409, 413, 429, 500, 502]) expect(ERROR_STATUS[defaultErrorCode(status)], String(status)).toBe(status);
  });

  it('gives every code a 4xx or 5xx status', () => {
    for (const code of ERROR_CODES) expect(ERROR_STATUS[code] >= 400 && ERROR_STATUS[code] < 600, code).toBe(true);
  });
});
