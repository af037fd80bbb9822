// The islands' hydration directive, `client:tap`: an island hydrates when the browser is idle after
// the page's first contentful paint or at the first press, key or focus inside it, whichever comes first, and a
// tap that lands before it has hydrated is kept and replayed, so no control of a served page ignores
// a press. `client:tap="press"` skips the idle start: the island hydrates only when someone uses it, for a page whose served forms
// work without a script (/login's phone step), so loading it runs no framework code at all;
// `client:tap="press:<key>"` still starts at idle when localStorage holds <key> (a session an older
// version of the app kept there, which only the island can move into the cookies).
//
// Before hydration React has no listener on the island: a click there does nothing. So the first
// pointerdown/keydown/focusin starts hydration at once (the island's chunk is fetched then, not at
// idle), and each click before React has the root is held: its default action is cancelled (a
// checkbox does not toggle twice, a form does not post to the page's own URL) and, once the root
// exists, the same click is dispatched again on the same control. React hydrates a root that is still
// hydrating synchronously for a discrete event, so the replayed click reaches its handler. A control
// that hydration replaced is found again by its child-index path from the island (or its nearest
// ancestor on that path). Links keep their
// default action: they navigate without any script. Text typed into a field before hydration is
// handed to React as typed input once it has hydrated.
//
// Astro inlines this into every page with an island (and hashes it into the page's CSP), so it stays
// small: the bench measures its bytes against a budget (bench/lib/interactions.mjs).
import type { ClientDirective } from 'astro';

const tap: ClientDirective = (load, options, island) => {
  const held: [Element, number[], MouseEvent][] = [];
  let started = false;
  const hold = (event: MouseEvent) => {
    const target = event.target as Element;
    if (target.closest('a[href]')) return;
    event.preventDefault();
    const path: number[] = [];
    for (let node = target; node !== island; node = node.parentElement!) path.unshift([...node.parentElement!.children].indexOf(node));
    held.push([target, path, event]);
  };
  // Any later press or key finds it started: the listeners stay, this check is all they cost.
  const start = async () => {
    if (started) return;
    started = true;
    const typed: [HTMLInputElement, string][] = [];
    try {
      const hydrate = await load();
      // Text typed before hydration: React would take it for the field's initial value and never see
      // it change. So the field goes back to its served value for hydration and the text is put back
      // after it through the element's own setter, which React's value tracking does not watch (the
      // first input event makes React hydrate, the second carries the change).
      for (const field of island.querySelectorAll<HTMLInputElement>('input,textarea'))
        if (field.value !== field.defaultValue) {
          typed.push([field, field.value]);
          field.value = field.defaultValue;
        }
      await hydrate();
    } catch (error) {
      // The island's chunk did not arrive (offline, a stalled network): the held presses go back to
      // the browser, whose own behaviour works without the island (a form posts, a checkbox toggles),
      // as after hydration they go to React: replayed below, the same way.
      console.error('An island could not load', error);
    }
    island.removeEventListener('click', hold, true);
    // What was typed first, then the presses: a Send pressed after typing a number sends that number.
    const input = (field: Element) => field.dispatchEvent(new Event('input', { bubbles: true }));
    for (const [field, value] of typed) {
      input(field);
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')!.set!.call(field, value);
      input(field);
    }
    // The same click again (its keys and place too), on the same control or the one at its place.
    for (const [target, path, event] of held)
      (target.isConnected ? target : path.reduce<Element>((node, i) => node.children[i] ?? node, island)).dispatchEvent(new MouseEvent('click', event));
  };
  island.addEventListener('click', hold, true);
  for (const type of ['pointerdown', 'keydown', 'focusin']) island.addEventListener(type, start, true);
  // "press:<key>": press mode, unless localStorage holds <key> (work waiting for the island).
  const [mode, waiting] = String(options.value).split(':');
  if (mode === 'press') {
    try {
      if (!waiting || !localStorage.getItem(waiting)) return;
    } catch {
      return; // storage refused (a privacy mode): nothing can be waiting there
    }
  }
  // Idle once the first contentful paint has been shown (reported; looked for every 50 ms, for 2 s
  // at most), not just after the first frame: a script that arrived before it was on its path
  // (Lighthouse counted a chunk the idle start had fetched before the paint reached the screen: npm
  // run bench), and the app's sheet, which the islands ask for as they load (src/lib/app-sheet.ts),
  // must not hold it either.
  let looked = 0;
  const idle = () =>
    performance.getEntriesByName('first-contentful-paint').length || ++looked > 40
      ? (window.requestIdleCallback ?? setTimeout)(() => void start())
      : setTimeout(idle, 50);
  idle();
};

export default tap;
