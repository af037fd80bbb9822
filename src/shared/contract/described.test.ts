// Every declaration says what it is to a generated client and to people: a unique camelCase
// operationId, a sentence-case summary, a plain-words description and a tag the document declares
// at its top level. A new endpoint that lacks one fails here (and its type fails in index.ts).
import { describe, expect, it } from 'vitest';
import * as accounts from './accounts';
import * as featureRequests from './feature-requests';
import { declaredRoutes, type Described } from './index';
import * as live from './live';
import * as market from './market';
import * as notifications from './notifications';
import * as quotes from './quotes';
import * as sessions from './sessions';
import * as support from './support';
import { API_TAGS } from './tags';
import * as transactions from './transactions';
import * as wallets from './wallets';

const routes: { key: string; route: Partial<Described> }[] = declaredRoutes();

/** What is wrong with one declaration's description, if anything. */
function problems(route: Partial<Described>, tags: readonly string[]): string[] {
  const found: string[] = [];
  if (!route.operationId || !/^[a-z][a-zA-Z0-9]*$/.test(route.operationId)) found.push(`operationId not camelCase: ${route.operationId}`);
  if (!route.summary?.trim() || route.summary.length > 60 || !/^[A-Z]/.test(route.summary) || route.summary.endsWith('.'))
    found.push(`summary not a short sentence-case phrase: ${route.summary}`);
  if (!route.description || route.description.trim().length < 20) found.push('no description in plain words');
  if (!route.tags?.length) found.push('no tag');
  for (const tag of route.tags ?? []) if (!tags.includes(tag)) found.push(`tag not declared at the top level: ${tag}`);
  return found;
}

describe('every declaration of the contract', () => {
  const tags = API_TAGS.map((t) => t.name);

  it('has a camelCase operationId, a summary, a description and declared tags', () => {
    expect(routes.flatMap(({ key, route }) => problems(route, tags).map((p) => `${key}: ${p}`))).toEqual([]);
  });

  it('has an operationId no other declaration has', () => {
    const ids = routes.map(({ route }) => route.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('is named after its exported declaration', () => {
    const declared = new Set(routes.map(({ route }) => route));
    const modules = [accounts, featureRequests, live, market, notifications, quotes, sessions, support, transactions, wallets];
    const named = modules.flatMap((m) => Object.entries(m)).filter(([, value]) => declared.has(value as Partial<Described>));
    expect(named).toHaveLength(routes.length);
    expect(named.filter(([name, route]) => (route as Partial<Described>).operationId !== name).map(([name]) => name)).toEqual([]);
  });

  it('is told apart from one that lacks them', () => {
    const good = routes[0]!.route;
    expect(problems(good, tags)).toEqual([]);
    expect(problems({ ...good, operationId: 'List_accounts' }, tags)).toHaveLength(1);
    expect(problems({ ...good, summary: undefined }, tags)).toHaveLength(1);
    expect(problems({ ...good, description: '' }, tags)).toHaveLength(1);
    expect(problems({ ...good, tags: ['Undeclared'] }, tags)).toHaveLength(1);
  });

  it('uses every top-level tag, each with a description', () => {
    const used = new Set(routes.flatMap(({ route }) => route.tags ?? []));
    expect(tags.filter((t) => !used.has(t))).toEqual([]);
    expect(API_TAGS.filter((t) => !t.description)).toEqual([]);
  });
});
