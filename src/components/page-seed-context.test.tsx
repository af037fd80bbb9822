import { act, cleanup, render, screen } from '@testing-library/react';
import { atom } from 'nanostores';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { PageSeed } from '../shared/page-seed';
import { $accountLoadFailed, $accountStatus } from '../stores/account';
import { PageSeedProvider, useServedStore } from './page-seed-context';

interface Rows {
  status: 'idle' | 'loading' | 'ready';
  rows: string[];
}

const IDLE: Rows = { status: 'idle', rows: [] };
const SERVED: Rows = { status: 'ready', rows: ['served'] };

function List({ store, served }: { store: ReturnType<typeof atom<Rows>>; served: Rows | null }) {
  const { status, rows } = useServedStore(store, served);
  return <p>{`${status}: ${rows.join(',')}`}</p>;
}

afterEach(cleanup);

describe('useServedStore (the one way served data reaches a store)', () => {
  it('gives the store the served state once, before the first render, in the browser', () => {
    const store = atom<Rows>(IDLE);
    render(<List store={store} served={SERVED} />);
    expect(store.get()).toEqual(SERVED);
    expect(screen.getByText('ready: served')).toBeTruthy();
    // After that the store is the island's: its own loads show.
    act(() => store.set({ status: 'ready', rows: ['loaded'] }));
    expect(screen.getByText('ready: loaded')).toBeTruthy();
  });

  it('leaves a store that has loaded something itself as it is', () => {
    const store = atom<Rows>({ status: 'ready', rows: ['own'] });
    render(<List store={store} served={SERVED} />);
    expect(store.get().rows).toEqual(['own']);
    expect(screen.getByText('ready: own')).toBeTruthy();
  });

  it('shows the store as it is when nothing was served (the island loads it)', () => {
    const store = atom<Rows>(IDLE);
    render(<List store={store} served={null} />);
    expect(store.get()).toBe(IDLE);
    expect(screen.getByText('idle:')).toBeTruthy();
  });

  it('renders the served state on the server, whatever the store holds', () => {
    const store = atom<Rows>({ status: 'loading', rows: ['another request'] });
    expect(renderToString(<List store={store} served={SERVED} />)).toContain('ready: served');
  });
});

describe("PageSeedProvider (the shell's seed reaches its stores the same way)", () => {
  const seed: PageSeed = { path: '/accounts', userId: 'u-seeded', lang: 'en', timeZone: 'UTC', account: null, accounts: [], activeAccount: null };

  it('gives the account stores the seed before the first render, in the browser', () => {
    let statusAtFirstRender: string | null = null;
    function Probe() {
      statusAtFirstRender ??= $accountStatus.get();
      return null;
    }
    render(
      <PageSeedProvider seed={seed}>
        <Probe />
      </PageSeedProvider>,
    );
    expect(statusAtFirstRender).toBe('ready');
    expect($accountLoadFailed.get()).toBe(true);
  });
});
