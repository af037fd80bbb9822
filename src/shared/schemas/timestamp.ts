// The one grammar of a time in an answer of the contract: an ISO 8601 date-time with seconds and an
// offset (`2026-11-27T10:00:00.000Z`, `2026-11-27T11:00:00+01:00`), a calendar date that exists. The
// embedded core writes them as `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')` or `toISOString()`; an upstream
// that answers anything else (SQLite's `2026-11-27 10:00:00`, "garbage") fails the answer check.
import { z } from 'zod';

export const timestamp = z.iso.datetime({ offset: true }).meta({ description: 'ISO 8601 date-time with an offset, e.g. 2026-11-27T10:00:00.000Z' });
