-- Price history (issue 18): what the asset page's chart plots, per symbol (upper case), read by the
-- core's GET /market/{symbol}/history. Prices are exact decimal strings in USD (never REAL). `ts` is
-- unix seconds, the start of a 5-minute bucket: the BFF's market refresh adds one row per symbol per
-- bucket (INSERT OR IGNORE, so a second refresh in the same bucket changes nothing).
CREATE TABLE price_history (
  symbol TEXT NOT NULL,
  ts INTEGER NOT NULL,
  price TEXT NOT NULL,
  PRIMARY KEY (symbol, ts)
) WITHOUT ROWID;

-- Seed: for every asset with a seeded price (the 50 stocks and the priced Canton assets), a
-- deterministic random walk that ends at that price at the 5-minute bucket of the moment this
-- migration runs, walked backwards: dense for the chart's short ranges and sparse for the long ones
-- (every 5 min for 24 h, 30 min to 7 days, 2 h to 30 days, daily to a year, weekly to 5 years:
-- 1,396 points an asset). The walk is integer arithmetic on the price in units of 10^-(scale+6)
-- (a linear congruential generator seeded from the symbol; the step's size grows with its interval
-- and with the asset's volatility), rounded to the seeded price's own decimals for storage.
WITH RECURSIVE
  -- Point k of every walk: how far back from the anchor (seconds) and the step's size (basis points).
  sched(k, back, bp) AS (
    SELECT 0, 0, 0
    UNION ALL
    SELECT k + 1,
           back + CASE WHEN k < 288 THEN 300 WHEN k < 576 THEN 1800 WHEN k < 852 THEN 7200 WHEN k < 1187 THEN 86400 ELSE 604800 END,
           CASE WHEN k < 288 THEN 12 WHEN k < 576 THEN 30 WHEN k < 852 THEN 60 WHEN k < 1187 THEN 150 ELSE 350 END
    FROM sched WHERE k < 1395
  ),
  -- Each asset's seeded price as integer units of 10^-scale, and its volatility in percent of a
  -- stock's (the dollar and USDCx stay flat, the treasury bill token nearly so).
  priced(symbol, scale, units, vol) AS (
    SELECT s.symbol, 2, CAST(round(p.price * 100) AS INTEGER), 100
    FROM stocks s JOIN stock_prices p ON p.stock_id = s.id
    UNION ALL
    SELECT upper(symbol),
           CASE WHEN instr(last_price, '.') = 0 THEN 0 ELSE length(last_price) - instr(last_price, '.') END,
           CAST(replace(last_price, '.', '') AS INTEGER),
           CASE upper(symbol) WHEN 'USD' THEN 0 WHEN 'USDCX' THEN 0 WHEN 'TBILL' THEN 5 WHEN 'GLDX' THEN 60 WHEN 'CBTC' THEN 220 WHEN 'CC' THEN 250 ELSE 100 END
    FROM digital_assets WHERE last_price IS NOT NULL
  ),
  assets(symbol, scale, p10, u0, vol, seed) AS (
    SELECT symbol, scale,
           CASE scale WHEN 0 THEN 1 WHEN 1 THEN 10 WHEN 2 THEN 100 WHEN 3 THEN 1000 WHEN 4 THEN 10000 WHEN 5 THEN 100000 ELSE 1000000 END,
           units * 1000000, vol,
           (coalesce(unicode(substr(symbol, 1, 1)), 0) * 7919 + coalesce(unicode(substr(symbol, 2, 1)), 0) * 104729
            + coalesce(unicode(substr(symbol, 3, 1)), 0) * 1299709 + coalesce(unicode(substr(symbol, 4, 1)), 0) * 15485863
            + coalesce(unicode(substr(symbol, 5, 1)), 0) * 49979687 + length(symbol) * 86028121) % 2147483648
    FROM priced WHERE scale <= 6
  ),
  -- r is uniform in -1000..1000; one step moves the price by r/1000 of bp/10000 of vol/100.
  walk(symbol, k, u, rng) AS (
    SELECT symbol, 0, u0, seed FROM assets
    UNION ALL
    SELECT w.symbol, w.k + 1,
           w.u + (w.u / 1000) * (((w.rng / 65536) % 2001) - 1000) * s.bp * a.vol / 1000000,
           (w.rng * 1103515245 + 12345) % 2147483648
    FROM walk w JOIN sched s ON s.k = w.k + 1 JOIN assets a ON a.symbol = w.symbol
  ),
  anchor(t) AS (SELECT (CAST(strftime('%s', 'now') AS INTEGER) / 300) * 300)
INSERT INTO price_history (symbol, ts, price)
SELECT w.symbol,
       (SELECT t FROM anchor) - s.back,
       CASE WHEN a.scale = 0 THEN CAST((w.u + 500000) / 1000000 AS TEXT)
            ELSE ((w.u + 500000) / 1000000 / a.p10) || '.' || substr('000000' || ((w.u + 500000) / 1000000 % a.p10), -a.scale) END
FROM walk w JOIN sched s ON s.k = w.k JOIN assets a ON a.symbol = w.symbol;
