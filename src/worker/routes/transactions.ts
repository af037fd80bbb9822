// BFF /api/transactions/account/{id}/export: the CSV export, streamed by this Worker by
// paging the upstream's list route. The list and detail routes are forwarded from their declarations
// (forwardingApp in ../bff-apps.ts); this is the one transactions call the BFF answers itself.
// Its limiter (RL_EXPORTS) comes from its declaration, like every route's.
import * as api from '../../shared/contract/transactions';
import type { TransactionFilters } from '../../shared/schemas/transaction';
import { contractApp } from '../bff-apps';
import { errorBody } from '../../platform/errors';
import { executionCtxOf, queryStrings } from '../forward';
import { assertUser } from '../middleware/assert-user';
import { CSV_HEADER, csvRecord, exportFilename } from '../transactions-csv';
import type { transaction } from '../../shared/schemas/transaction';
import { selectUpstream } from '../upstream/select';
import type { z } from 'zod';

/** Rows per upstream page of an export: the list's maximum. */
const EXPORT_PAGE = 100;
// An export's hard bounds, whatever the upstream answers: at most MAX_EXPORT_PAGES full pages (then one
// probe of one row to tell "exactly that many" from "more"), so at most MAX_EXPORT_PAGES + 1 upstream
// calls with the user's token, MAX_EXPORT_ROWS rows and MAX_EXPORT_BYTES of CSV. Past a bound the
// download fails: a silently short file would look like the whole history.
/** The most pages of rows one export reads. */
export const MAX_EXPORT_PAGES = 100;
/** The most rows one export writes. */
export const MAX_EXPORT_ROWS = MAX_EXPORT_PAGES * EXPORT_PAGE;
/** The most bytes of CSV one export writes (header included). */
export const MAX_EXPORT_BYTES = 8 * 1024 * 1024;

type Row = z.infer<typeof transaction>;

/**
 * Why a page cannot follow the previous one, or null. The list is newest first and `before` asks for
 * the rows after the cursor (the previous page's last row), so a page's times never increase, its
 * first row is not newer than the cursor, and no row of the previous page comes again: an upstream
 * that repeats a page or starts over would otherwise be paged forever.
 */
export function pageFault(rows: readonly Row[], limit: number, previous: readonly Row[]): string | null {
  if (rows.length > limit) return `${rows.length} rows where ${limit} were asked`;
  const seen = new Set(previous.map((r) => r.id));
  let newest = previous.length ? Date.parse(previous[previous.length - 1]!.created_at) : Infinity;
  for (const [i, row] of rows.entries()) {
    const at = Date.parse(row.created_at);
    if (Number.isNaN(at)) return 'a row without a valid created_at';
    if (at > newest) return i === 0 ? 'a row newer than the cursor' : 'rows out of order';
    if (seen.has(row.id)) return 'a row of the previous page again (the cursor did not advance)';
    newest = at;
  }
  return null;
}

const app = contractApp();
app.use(assertUser());

export const transactionsExport = app.openapi(api.exportForAccount, async (c) => {
  const { id } = c.req.valid('param');
  const filters: TransactionFilters = c.req.valid('query');
  const upstream = selectUpstream(c.env);
  const ctx = executionCtxOf(c);
  const page = (before?: string, limit = EXPORT_PAGE) =>
    upstream.call(
      {
        method: 'GET',
        path: `/transactions/account/${encodeURIComponent(id)}`,
        query: queryStrings({ ...filters, limit, offset: 0, before }),
        userId: c.var.userId,
        accessToken: c.var.accessToken,
      },
      ctx,
    );
  const encoder = new TextEncoder();
  // The first page decides the answer (a foreign account is 404, an outage or a lying page 502)
  // before any byte is sent.
  const first = await page();
  if (first.status !== 200) return c.json(first.body as { message: string }, first.status as 400);
  let rows = (first.body as { data: Row[] }).data;
  const firstChunk = encoder.encode(CSV_HEADER + rows.map(csvRecord).join(''));
  const firstFault = pageFault(rows, EXPORT_PAGE, []) ?? (firstChunk.byteLength > MAX_EXPORT_BYTES ? `more than ${MAX_EXPORT_BYTES} bytes` : null);
  if (firstFault) {
    console.error('transactions export: the first page is refused:', firstFault);
    return c.json(errorBody(502, 'Upstream service unavailable', 'upstream_unavailable'), 502);
  }
  let pages = 1;
  let bytes = 0;
  let started = false;
  // Pull-based: the next page is read only when the client has taken the previous one, so at most
  // one page sits in memory whatever the range.
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      // Headers are gone: a fault ends the body with an error so the download fails rather than
      // looks complete.
      const fail = (why: string) => {
        console.error('transactions export: the download fails:', why);
        controller.error(new Error('export failed'));
      };
      if (!started) {
        started = true;
        bytes = firstChunk.byteLength;
        controller.enqueue(firstChunk);
        if (rows.length < EXPORT_PAGE) controller.close();
        return;
      }
      const cursor = rows[rows.length - 1]!.id;
      if (pages === MAX_EXPORT_PAGES) {
        // One row tells a history of exactly MAX_EXPORT_ROWS rows from a longer one.
        const probe = await page(cursor, 1);
        if (probe.status !== 200) return fail(`the probe after the last page answered ${probe.status}`);
        if ((probe.body as { data: Row[] }).data.length) return fail(`more than ${MAX_EXPORT_ROWS} rows`);
        controller.close();
        return;
      }
      const res = await page(cursor);
      if (res.status !== 200) return fail(`page ${pages + 1} answered ${res.status}`);
      const next = (res.body as { data: Row[] }).data;
      const fault = pageFault(next, EXPORT_PAGE, rows);
      if (fault) return fail(`page ${pages + 1}: ${fault}`);
      const chunk = encoder.encode(next.map(csvRecord).join(''));
      if (bytes + chunk.byteLength > MAX_EXPORT_BYTES) return fail(`more than ${MAX_EXPORT_BYTES} bytes`);
      pages++;
      bytes += chunk.byteLength;
      rows = next;
      if (next.length) controller.enqueue(chunk);
      if (next.length < EXPORT_PAGE) controller.close();
    },
  });
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${exportFilename(filters.from, filters.to)}"`,
      'cache-control': 'private, no-store',
    },
  });
});
