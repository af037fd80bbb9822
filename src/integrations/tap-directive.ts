// The islands' hydration directive, `client:tap`: an island hydrates when the browser is idle or at
// the first press, key or focus inside it, whichever comes first, and a tap that lands before it has
// hydrated is kept and replayed, so no control of a served page ignores a press. `client:tap="press"`
// skips the idle start: the island hydrates only when someone uses it, for a page whose served forms
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

const STARTERS = ['pointerdown', 'keydown', 'focusin'];

const tap: ClientDirective = (load, options, island) => {
  const held: [Element, number[]][] = [];
  let started = false;
  const hold = (event: Event) => {
    const target = event.target as Element;
    if (target.closest('a[href]')) return;
    event.preventDefault();
    const path: number[] = [];
    for (let node = target; node !== island; node = node.parentElement!) path.unshift([...node.parentElement!.children].indexOf(node));
    held.push([target, path]);
  };
  const start = async () => {
    if (started) return;
    started = true;
    for (const type of STARTERS) island.removeEventListener(type, start, true);
    let hydrate;
    try {
      hydrate = await load();
    } catch (error) {
      // The island's chunk did not arrive (offline, a stalled network): the held presses go back to
      // the browser, whose own behaviour works without the island (a form posts, a checkbox toggles).
      island.removeEventListener('click', hold, true);
      for (const [target] of held.splice(0)) (target as HTMLElement).click();
      console.error('An island could not load', error);
      return;
    }
    // Text typed before hydration: React would take it for the field's initial value and never see it
    // change. So the field goes back to its served value for hydration and the text is put back after
    // it through the element's own setter, which React's value tracking does not watch (the first
    // input event makes React hydrate, the second carries the change).
    const typed = [...island.querySelectorAll<HTMLInputElement>('input,textarea')]
      .filter((field) => field.value !== field.defaultValue)
      .map((field) => {
        const value = field.value;
        field.value = field.defaultValue;
        return [field, value] as const;
      });
    await hydrate();
    island.removeEventListener('click', hold, true);
    // What was typed first, then the presses: a Send pressed after typing a number sends that number.
    for (const [field, value] of typed) {
      field.dispatchEvent(new Event('input', { bubbles: true }));
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')!.set!.call(field, value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
    for (const [target, path] of held)
      (target.isConnected ? target : path.reduce<Element>((node, i) => node.children[i] ?? node, island)).dispatchEvent(
        new MouseEvent('click', { bubbles: true, cancelable: true, composed: true }),
      );
  };
  island.addEventListener('click', hold, true);
  for (const type of STARTERS) island.addEventListener(type, start, true);
  // "press:<key>": press mode, unless localStorage holds <key> (work waiting for the island).
  const [mode, waiting] = String(options.value).split(':');
  if (mode === 'press') {
    try {
      if (!waiting || !localStorage.getItem(waiting)) return;
    } catch {
      return; // storage refused (a privacy mode): nothing can be waiting there
    }
  }
  if ('requestIdleCallback' in window) requestIdleCallback(start);
  else setTimeout(start, 200);
};

export default tap;
