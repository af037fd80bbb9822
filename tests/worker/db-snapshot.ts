// A digest of the whole local D1 database: every table in sqlite_master, every row, in a stable
// order, and a counter of every row written. Tests compare them before and after a request that must
// change nothing.
import { env } from 'cloudflare:workers';

const db = () => (env as unknown as { DB: D1Database }).DB;

/**
 * Bookkeeping tables outside the app's data. session_activity is the BFF's last-seen note of every
 * verified session (at most one write a minute, after the answer, whatever the answer): it records
 * that the session was used, not an effect of the request, and lands asynchronously.
 */
const VOLATILE = new Set<string>(['d1_migrations', 'session_activity']);

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export async function tableNames(): Promise<string[]> {
  const { results } = await db()
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY name")
    .all<{ name: string }>();
  return results.map((r) => r.name).filter((n) => !VOLATILE.has(n));
}

/** table name -> SHA-256 of its rows (ordered by every column). */
export async function dbDigest(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of await tableNames()) {
    const { results } = await db().prepare(`SELECT * FROM "${name}"`).all();
    const rows = results.map((r) => JSON.stringify(r)).sort();
    out[name] = `${rows.length}:${await sha256(rows.join('\n'))}`;
  }
  return out;
}

/**
 * Counts every row written, in any table, by triggers a test installs in its own database: cheap
 * enough to read after every request (the digest reads every row).
 */
export async function installChangeCounter() {
  await db().prepare('CREATE TABLE IF NOT EXISTS fuzz_changes (id INTEGER PRIMARY KEY CHECK (id = 1), n INTEGER NOT NULL)').run();
  await db().prepare('INSERT OR IGNORE INTO fuzz_changes (id, n) VALUES (1, 0)').run();
  for (const table of await tableNames()) {
    if (table === 'fuzz_changes') continue;
    for (const op of ['INSERT', 'UPDATE', 'DELETE']) {
      await db()
        .prepare(
          `CREATE TRIGGER IF NOT EXISTS fuzz_${op.toLowerCase()}_${table} AFTER ${op} ON "${table}" BEGIN UPDATE fuzz_changes SET n = n + 1 WHERE id = 1; END`,
        )
        .run();
    }
  }
}

/** The rows written since installChangeCounter(). */
export const changes = async () => (await db().prepare('SELECT n FROM fuzz_changes WHERE id = 1').first<{ n: number }>())!.n;
