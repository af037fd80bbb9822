// BFF /api/transactions: spec section 7, Transactions (newest first; limit <= 100, offset), with the
// filters of issue 18 forwarded as they were validated, served from their declarations
// (src/shared/contract/transactions.ts); and the CSV export, streamed by this Worker.
import * as api from '../../shared/contract/transactions';
import type { TransactionFilters, TransactionListQuery } from '../../shared/schemas/transaction';
import { tooMany, withinLimit } from '../../platform/rate-limit';
import { contractApp } from '../contract-app';
import { executionCtxOf, forward } from '../forward';
import { assertUser } from '../middleware/assert-user';
import { CSV_HEADER, csvRecord, exportFilename } from '../transactions-csv';
import type { transaction } from '../../shared/schemas/responses';
import { selectUpstream } from '../upstream/select';
import type { z } from 'zod';

/** The validated query as the upstream's query string: only the fields that were given. */
export function listQuery(q: Partial<TransactionListQuery>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(q)) if (v !== undefined) out[k] = String(v);
  return out;
}

/** Rows per upstream page of an export: the list's maximum. */
const EXPORT_PAGE = 100;

const app = contractApp();
app.use(assertUser());

export const transactions = app
  .openapi(api.listForAccount, (c) => forward(c, api.listForAccount, { query: listQuery(c.req.valid('query')) }))
  .openapi(api.listForWallet, (c) => forward(c, api.listForWallet, { query: listQuery(c.req.valid('query')) }))
  .openapi(api.exportForAccount, async (c) => {
    // Explicit here (not in the write limits' table): an export is a GET that can read a whole history.
    if (!(await withinLimit(c.env, 'RL_EXPORTS', c.var.userId))) return tooMany(c) as never;
    const { id } = c.req.valid('param');
    const filters: TransactionFilters = c.req.valid('query');
    const upstream = selectUpstream(c.env);
    const ctx = executionCtxOf(c);
    const page = (before?: string) =>
      upstream.call(
        {
          method: 'GET',
          path: `/transactions/account/${encodeURIComponent(id)}`,
          query: listQuery({ ...filters, limit: EXPORT_PAGE, offset: 0, before }),
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
  })
  .openapi(api.getTransaction, (c) => forward(c, api.getTransaction));
