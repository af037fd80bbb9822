// A dialog's (or a menu's) component in a chunk of its own (React.lazy), fetched once the browser is idle after
// its island's module has run: the page's first load stays as small, and the first open of the
// dialog waits for no network (a first dialog took 0.3-1.3 s to be on screen on a phone with a 4x
// slower CPU when its chunk was fetched at the tap; bench/lib/interactions.mjs measures it).
import { lazy, type ComponentType } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound on the component
export function lazyDialog<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  if (typeof window !== 'undefined') (window.requestIdleCallback ?? setTimeout)(() => void load());
  return lazy(load);
}
