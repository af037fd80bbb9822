// The limit/offset paging of every list query, declared once: `limit` from 1 to the list's maximum
// (its default when absent) and `offset`, the rows already shown, from 0 to MAX_OFFSET, both
// integers written in digits (queryInteger: the published rule and the server's are one).
import { z } from 'zod';
import { MAX_OFFSET, queryInteger } from './request-parts';

/** A list's paging query: `rows` names what is paged in the published descriptions. */
export const pageQuery = ({ size, max, rows }: { size: number; max: number; rows: string }) =>
  z.object({
    limit: queryInteger(1, max, size).meta({ description: `${rows} per page, 1-${max} (default ${size})` }),
    offset: queryInteger(0, MAX_OFFSET, 0).meta({ description: `${rows} to skip (the next page: the number already shown)` }),
  });
