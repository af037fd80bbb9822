import { describe, expect, it } from 'vitest';
import { apiFilters, hasFilters, impossibleRange, NO_FILTERS, readHistoryQuery, writeHistoryQuery } from './history-query';

describe('the /transactions URL state', () => {
  it('reads back what it wrote (a shared link shows the same view)', () => {
    const filters = { type: 'deposit', status: 'PENDING', from: '2026-01-01', to: '2026-01-31', q: '0xab' };
    const tx = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    const search = writeHistoryQuery('?lang=es', filters, tx);
    expect(search).toBe('?lang=es&type=deposit&status=PENDING&from=2026-01-01&to=2026-01-31&q=0xab&tx=7c9e6679-7425-40de-944b-e07fc1f90ae7');
    expect(readHistoryQuery(search)).toEqual({ filters, tx });
  });

  it('drops blank fields and clears the detail from the URL', () => {
    expect(writeHistoryQuery('?type=deposit&tx=x', { ...NO_FILTERS, q: '   ' }, null)).toBe('');
  });

  it('reads values the server would refuse as absent', () => {
    const { filters, tx } = readHistoryQuery(`?type=refund&status=done&from=2026-02-30&to=soon&q=${'a'.repeat(200)}&tx=../x`);
    expect(filters).toEqual({ type: '', status: '', from: '', to: '', q: 'a'.repeat(140) });
    expect(tx).toBeNull();
  });

  it('calls a range impossible only when both days are given and from is after to', () => {
    expect(impossibleRange({ ...NO_FILTERS, from: '2026-11-28', to: '2026-11-01' })).toBe(true);
    expect(impossibleRange({ ...NO_FILTERS, from: '2026-11-01', to: '2026-11-01' })).toBe(false);
    expect(impossibleRange({ ...NO_FILTERS, from: '2026-11-28' })).toBe(false);
    expect(impossibleRange({ ...NO_FILTERS, to: '2026-11-01' })).toBe(false);
  });

  it('puts an inverted date range in order', () => {
    expect(readHistoryQuery('?from=2026-03-10&to=2026-03-01').filters).toMatchObject({ from: '2026-03-01', to: '2026-03-10' });
    expect(apiFilters({ ...NO_FILTERS, from: '2026-03-10', to: '2026-03-01' })).toEqual({ from: '2026-03-01', to: '2026-03-10' });
  });

  it('drops a day outside 2000-01-01..2999-12-31 (the server refuses it) from the URL and the API query', () => {
    expect(readHistoryQuery('?from=1999-12-31&to=9999-12-31').filters).toEqual(NO_FILTERS);
    expect(apiFilters({ ...NO_FILTERS, from: '1999-12-31', to: '9999-12-31' })).toEqual({});
    expect(apiFilters({ ...NO_FILTERS, from: '2000-01-01', to: '2999-12-31' })).toEqual({ from: '2000-01-01', to: '2999-12-31' });
  });

  it('sends only the given filters, q trimmed', () => {
    expect(apiFilters({ ...NO_FILTERS, q: ' 0xab ' })).toEqual({ q: '0xab' });
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, status: 'FAILED' })).toBe(true);
  });
});
