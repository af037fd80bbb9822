// The limit/offset paging of every list query, declared once: `limit` from 1 to the list's maximum
// (its default when absent) and `offset`, the rows already shown, from 0 to MAX_OFFSET. Query values
// arrive as text, so both are coerced.
import { z } from 'zod';

export const MAX_OFFSET = 1_000_000;

/** A list's paging query: `rows` names what is paged in the published descriptions. */
export const pageQuery = ({ size, max, rows }: { size: number; max: number; rows: string }) =>
  z.object({
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(max)
      .default(size)
      .meta({ description: `${rows} per page, 1-${max} (default ${size})` }),
    offset: z.coerce
      .number()
      .int()
      .min(0)
      .max(MAX_OFFSET)
      .default(0)
      .meta({ description: `${rows} to skip (the next page: the number already shown)` }),
  });
