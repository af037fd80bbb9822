// React side of a page rendered on the Worker. The island's root wraps its screen in
// <PageSeedProvider seed>: on the server the components read the seed through context (never a
// store: an isolate's module state is shared by all its requests); in the browser, served data
// reaches the stores one way (useServed): the shell's seed (src/stores/seed.ts) and a screen's own
// served data (its first rows, its wallet: useServedStore) are taken before the first render, and
// hydration waits for the page's dictionary (Suspense), so the first client render matches the
// server's text exactly.
import type { ReadableAtom, WritableAtom } from 'nanostores';
import { useStore } from '@nanostores/react';
import { createContext, Suspense, use, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { isDictionaryLoaded, loadDictionary, type Lang } from '../i18n';
import type { PageSeed } from '../shared/page-seed';
import { startWithLanguage } from '../stores/lang';
import { seedStores } from '../stores/seed';

const SeedContext = createContext<PageSeed | null>(null);

/** The seed of the page being rendered, or null on pages rendered in the browser only. */
export const usePageSeed = (): PageSeed | null => useContext(SeedContext);

/**
 * A store's value, and on the server and during hydration the value the seed gives it (so the
 * server never reads a store another request might share, and hydration sees the same value).
 */
export function useSeededStore<T>(store: ReadableAtom<T>, fromSeed: (seed: PageSeed) => T): T {
  const seed = usePageSeed();
  // Read once per mount: the seed is the page's and never changes, and fromSeed is a selector.
  const [seeded] = useState(() => (seed ? { value: fromSeed(seed) } : null));
  return useStore(store, seeded ? { ssr: () => seeded.value } : {});
}

/**
 * How served data reaches the stores: `take` runs once, in the browser, before the first render
 * (so hydration reads what the server rendered); on the server nothing is written, since an
 * isolate's module state is shared by all its requests.
 */
function useServed<T>(served: T | null | undefined, take: (served: T) => void): void {
  useState(() => {
    if (typeof window !== 'undefined' && served) take(served);
  });
}

/**
 * A store the page's served data stands for (null: nothing served, the island loads it). On the
 * server and while hydrating its value is `served` (useStore's server snapshot: the server never
 * writes a store); in the browser the store takes `served` once, before the first render, unless it
 * has loaded something itself, so the island starts where the HTML is and reads nothing twice. The
 * store's own loads and live refetches then go on exactly as on a page rendered in the browser.
 */
export function useServedStore<T extends { status: string }>(store: WritableAtom<T>, served: T | null): T {
  useServed(served, (value) => {
    if (store.get().status === 'idle') store.set(value);
  });
  const option = useMemo(() => (served ? { ssr: () => served } : {}), [served]);
  return useStore(store, option);
}

/**
 * The time zone to format dates in: the server's choice (the browser's zone from its cookie, else
 * UTC) while rendering on the server and hydrating, then the browser's own (undefined: formatDate's
 * default). Where both agree nothing changes after hydration.
 */
export function useTimeZone(): string | undefined {
  const served = usePageSeed()?.timeZone;
  const [zone, setZone] = useState(served);
  useEffect(() => {
    if (zone !== undefined && zone !== Intl.DateTimeFormat().resolvedOptions().timeZone) setZone(undefined);
  }, [zone]);
  return zone;
}

const dictionaries = new Map<Lang, Promise<void>>();

/** Suspends (during hydration: keeps the server's HTML) until the page's dictionary is in. */
function DictionaryReady({ lang, children }: { lang: Lang; children: ReactNode }) {
  if (typeof window !== 'undefined' && !isDictionaryLoaded(lang)) {
    let loading = dictionaries.get(lang);
    if (!loading) dictionaries.set(lang, (loading = loadDictionary(lang)));
    use(loading);
  }
  return children;
}

const LangContext = createContext<Lang | null>(null);

/** The language the server rendered this island in, or null on pages rendered in the browser only. */
export const useServedLang = (): Lang | null => useContext(LangContext);

/** The server's language for everything below: its text on the server and during hydration. */
function InLanguage({ lang, children }: { lang: Lang; children: ReactNode }) {
  return (
    <LangContext.Provider value={lang}>
      <Suspense fallback={null}>
        <DictionaryReady lang={lang}>{children}</DictionaryReady>
      </Suspense>
    </LangContext.Provider>
  );
}

export function PageSeedProvider({ seed, children }: { seed?: PageSeed | null; children: ReactNode }) {
  // The shell's stores (language, session, accounts) take the seed before anything below reads them.
  useServed(seed, seedStores);
  if (!seed) return children;
  return (
    <SeedContext.Provider value={seed}>
      <InLanguage lang={seed.lang}>{children}</InLanguage>
    </SeedContext.Provider>
  );
}

/** An island rendered on the Worker without a user (/login): only its language is served. */
export function ServedLanguageProvider({ lang, children }: { lang?: Lang | null; children: ReactNode }) {
  useServed(lang, startWithLanguage);
  return lang ? <InLanguage lang={lang}>{children}</InLanguage> : children;
}
