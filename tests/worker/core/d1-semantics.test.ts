// Pins the D1 behaviour the ledger relies on: a batch is one transaction, changes() sees the
// previous statement of the batch, and a tripped batch_guard rolls the whole batch back.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

describe('D1 batch semantics the ledger relies on', () => {
  it('rolls back every statement of a batch when batch_guard trips after an UPDATE that changed nothing', async () => {
    await env.DB.prepare("INSERT INTO app_meta (key, value) VALUES ('probe', 'a')").run();
    const batch = env.DB.batch([
      env.DB.prepare("UPDATE app_meta SET value = 'b' WHERE key = 'probe'"),
      env.DB.prepare("UPDATE app_meta SET value = 'c' WHERE key = 'absent'"),
      env.DB.prepare("INSERT INTO batch_guard (reason) SELECT 'nothing changed' WHERE changes() = 0"),
    ]);
    await expect(batch).rejects.toThrow(/batch_guard_tripped/);
    const row = await env.DB.prepare("SELECT value FROM app_meta WHERE key = 'probe'").first<{ value: string }>();
    expect(row?.value).toBe('a');
  });

  it('lets a batch pass when the guarded statement changed a row', async () => {
    await env.DB.prepare("INSERT INTO app_meta (key, value) VALUES ('probe2', 'a')").run();
    await env.DB.batch([
      env.DB.prepare("UPDATE app_meta SET value = 'b' WHERE key = 'probe2'"),
      env.DB.prepare("INSERT INTO batch_guard (reason) SELECT 'nothing changed' WHERE changes() = 0"),
    ]);
    const row = await env.DB.prepare("SELECT value FROM app_meta WHERE key = 'probe2'").first<{ value: string }>();
    expect(row?.value).toBe('b');
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM batch_guard').first('n')).toBe(0);
  });

  it('keeps int64 ledger amounts exact through CAST(... AS TEXT)', async () => {
    const total = await env.DB.prepare("SELECT CAST(SUM(amount) AS TEXT) AS s FROM ledger_holdings WHERE created_by = 'issuance:genesis'").first<{
      s: string;
    }>();
    expect(total?.s).toBe('100000000000000000');
  });
});
