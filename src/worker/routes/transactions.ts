// BFF /api/transactions/account/{id}/export (issue 18): the CSV export, streamed by this Worker by
// paging the upstream's list route. The list and detail routes are forwarded from their declarations
// (forwardingApp in ../contract-app.ts); this is the one transactions call the BFF answers itself.
// Its limiter (RL_EXPORTS) comes from its declaration, like every route's.
import * as api from '../../shared/contract/transactions';
import type { TransactionFilters } from '../../shared/schemas/transaction';
import { contractApp } from '../contract-app';
import { executionCtxOf, queryStrings } from '../forward';
import { assertUser } from '../middleware/assert-user';
import { CSV_HEADER, csvRecord, exportFilename } from '../transactions-csv';
import type { transaction } from '../../shared/schemas/responses';
import { selectUpstream } from '../upstream/select';
import type { z } from 'zod';

/** Rows per upstream page of an export: the list's maximum. */
const EXPORT_PAGE = 100;

const app = contractApp();
app.use(assertUser());

export const transactionsExport = app.openapi(api.exportForAccount, async (c) => {
    const { id } = c.req.valid('param');
    const filters: TransactionFilters = c.req.valid('query');
    const upstream = selectUpstream(c.env);
    const ctx = executionCtxOf(c);
    const page = (before?: string) =>
      upstream.call(
        {
          method: 'GET',
          path: `/transactions/account/${encodeURIComponent(id)}`,
          query: queryStrings({ ...filters, limit: EXPORT_PAGE, offset: 0, before }),
          userId: c.var.userId,
          accessToken: c.var.accessToken,
        },
        ctx,
      );
    // The first page decides the answer (a foreign account is 404, an outage 502) before any byte is sent.
    const first = await page();
    if (first.status !== 200) return c.json(first.body as { message: string }, first.status as 400) as never;
    type Row = z.infer<typeof transaction>;
    let rows = (first.body as { data: Row[] }).data;
    let started = false;
    const encoder = new TextEncoder();
    // Pull-based: the next page is read only when the client has taken the previous one, so at most
    // one page sits in memory whatever the range.
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(CSV_HEADER + rows.map(csvRecord).join('')));
          if (rows.length < EXPORT_PAGE) controller.close();
          return;
        }
        const res = await page(rows[rows.length - 1]!.id);
        if (res.status !== 200) {
          // Headers are gone: end the body with an error so the download fails rather than looks complete.
          console.error('transactions export: a page failed', res.status);
          controller.error(new Error('export page failed'));
          return;
        }
        rows = (res.body as { data: Row[] }).data;
        if (rows.length) controller.enqueue(encoder.encode(rows.map(csvRecord).join('')));
        if (rows.length < EXPORT_PAGE) controller.close();
      },
    });
    return new Response(body, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${exportFilename(filters.from, filters.to)}"`,
        'cache-control': 'private, no-store',
      },
    }) as never;
  });
