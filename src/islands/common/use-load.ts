// One read of a chart's data (a price or portfolio history), asked for again when what it depends on
// changes or a person presses Try again: loading, ready with its value, or failed. An answer that
// arrives after its keys changed is dropped. A value the Worker served is ready at once (no loading
// state on the first render, so the HTML and the hydrated island agree).
import { useEffect, useRef, useState } from 'react';

export type Loaded<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error' };

export function useLoad<T>(read: () => Promise<T>, keys: readonly unknown[], served?: T | null): { load: Loaded<T>; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<Loaded<T>>(served != null ? { status: 'ready', value: served } : { status: 'loading' });
  const first = useRef(served != null);
  useEffect(() => {
    let live = true;
    if (first.current) first.current = false;
    else setLoad({ status: 'loading' });
    read().then(
      (value) => {
        if (live) setLoad({ status: 'ready', value });
      },
      () => {
        if (live) setLoad({ status: 'error' });
      },
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `keys` are what `read` depends on (a new closure each render)
  }, [...keys, attempt]);
  return { load, retry: () => setAttempt((n) => n + 1) };
}
