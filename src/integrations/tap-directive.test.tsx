// client:tap on plain elements (when it starts, what it holds, how it finds a control again) and on a
// real React root hydrated the way @astrojs/react hydrates an island (hydrateRoot in a transition).
import { startTransition, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import tap from './tap-directive';

let idle: (() => void) | undefined;
/** Whether the page's first contentful paint has been reported. */
let painted: boolean;

beforeEach(() => {
  idle = undefined;
  painted = true;
  vi.stubGlobal('requestIdleCallback', (cb: () => void) => {
    idle = cb;
    return 1;
  });
  vi.spyOn(performance, 'getEntriesByName').mockImplementation((name: string) =>
    name === 'first-contentful-paint' && painted ? [{ name } as PerformanceEntry] : [],
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

/** An island holding `html`, under `client:tap`, whose chunk arrives when `arrive()` is called; `hydrate` plays React. */
function island(html: string, hydrate: (el: HTMLElement) => void = (el) => void (el.dataset.hydrated = 'yes'), value = '') {
  const el = document.createElement('astro-island');
  el.innerHTML = html;
  document.body.appendChild(el);
  let arrive!: () => void;
  const chunk = new Promise<void>((resolve) => (arrive = resolve));
  const load = vi.fn(async () => {
    await chunk;
    return async () => hydrate(el);
  });
  tap(load, { name: 'Island', value }, el);
  return { el, load, arrive: async () => (arrive(), await vi.waitFor(() => expect(el.dataset.hydrated).toBe('yes'))) };
}

/** Plays React's hydration: marks the island and puts a click handler on every button. */
const react = (onClick: (button: Element) => void) => (el: HTMLElement) => {
  el.dataset.hydrated = 'yes';
  for (const button of el.querySelectorAll('button')) button.addEventListener('click', () => onClick(button));
};

const click = (target: Element) => {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true });
  target.dispatchEvent(event);
  return event;
};

describe('client:tap', () => {
  it('starts hydrating at the first press inside the island, without waiting for idle', () => {
    const { el, load } = island('<button>Send</button>');
    expect(load).not.toHaveBeenCalled();
    el.querySelector('button')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    el.querySelector('button')!.dispatchEvent(new Event('keydown', { bubbles: true }));
    expect(load).toHaveBeenCalledOnce();
  });

  it('in press mode never hydrates on idle, only at the first press, and still replays that press', async () => {
    const pressed: string[] = [];
    const { el, load, arrive } = island(
      '<button>Send</button>',
      react((b) => pressed.push(b.textContent)),
      'press',
    );
    expect(idle).toBeUndefined();
    expect(load).not.toHaveBeenCalled();
    const button = el.querySelector('button')!;
    button.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(load).toHaveBeenCalledOnce();
    click(button);
    await arrive();
    expect(pressed).toEqual(['Send']);
  });

  it('in press mode with a waiting key hydrates on idle only when localStorage holds that key', () => {
    const quiet = island('<button>Send</button>', undefined, 'press:waiting-work');
    expect(idle).toBeUndefined();
    localStorage.setItem('waiting-work', '{}');
    try {
      const { load } = island('<button>Send</button>', undefined, 'press:waiting-work');
      idle!();
      expect(load).toHaveBeenCalledOnce();
      expect(quiet.load).not.toHaveBeenCalled();
    } finally {
      localStorage.removeItem('waiting-work');
    }
  });

  it('hydrates when the browser is idle, with no press at all', () => {
    const { load } = island('<button>Send</button>');
    idle!();
    expect(load).toHaveBeenCalledOnce();
  });

  describe('on a page whose first contentful paint is not reported yet', () => {
    let load: ReturnType<typeof island>['load'];
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      painted = false;
      ({ load } = island('<button>Send</button>'));
    });

    it('waits for the paint to be reported before it asks for idle time, so no script is fetched before it', () => {
      vi.advanceTimersByTime(500);
      expect(idle).toBeUndefined();
      painted = true;
      vi.advanceTimersByTime(50);
      idle!();
      expect(load).toHaveBeenCalledOnce();
    });

    it('asks for idle time after 2 s where no paint is ever reported', () => {
      vi.advanceTimersByTime(1900);
      expect(idle).toBeUndefined();
      vi.advanceTimersByTime(200);
      idle!();
      expect(load).toHaveBeenCalledOnce();
    });
  });

  it('holds a click that lands before hydration and replays it on the same control once hydrated', async () => {
    const clicked = vi.fn();
    const { el, arrive } = island('<p>Balance</p><div><button>Receive</button><button>Send</button></div>', react(clicked));
    const send = el.querySelectorAll('button')[1]!;
    send.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(click(send).defaultPrevented).toBe(true);
    expect(clicked).not.toHaveBeenCalled();
    await arrive();
    expect(clicked).toHaveBeenCalledOnce();
    expect(clicked).toHaveBeenCalledWith(send);
  });

  it('replays a held click with its keys and place (a ctrl-click stays a ctrl-click)', async () => {
    const seen: MouseEvent[] = [];
    const { el, arrive } = island('<button>Send</button>', (el) => {
      el.dataset.hydrated = 'yes';
      el.querySelector('button')!.addEventListener('click', (e) => seen.push(e));
    });
    const button = el.querySelector('button')!;
    button.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true, clientX: 12, clientY: 34 }));
    await arrive();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ ctrlKey: true, clientX: 12, clientY: 34, bubbles: true, cancelable: true, defaultPrevented: false });
  });

  it("gives a held press back to the browser when the island's chunk cannot load (a form still posts)", async () => {
    const el = document.createElement('astro-island');
    el.innerHTML = '<form action="/login" method="post"><button type="submit">Send</button></form>';
    document.body.appendChild(el);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const submitted = vi.fn((e: Event) => e.preventDefault());
    el.querySelector('form')!.addEventListener('submit', submitted);
    let fail!: (e: Error) => void;
    const chunk = new Promise<never>((_, reject) => (fail = reject));
    const started = new Promise<void>((resolve) => {
      tap(
        () => {
          resolve();
          return chunk;
        },
        { name: 'Island', value: '' },
        el,
      );
    });
    const button = el.querySelector('button')!;
    button.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await started;
    expect(click(button).defaultPrevented).toBe(true);
    expect(submitted).not.toHaveBeenCalled();
    fail(new Error('chunk failed'));
    await vi.waitFor(() => expect(submitted).toHaveBeenCalledOnce());
    expect(logged).toHaveBeenCalledWith('An island could not load', expect.any(Error));
  });

  it('finds a control that hydration replaced by its place in the island', async () => {
    const clicked = vi.fn();
    const replacing = (el: HTMLElement) => {
      el.innerHTML = '<p>Balance</p><div><button>Receive</button><button>Send</button></div>';
      react(clicked)(el);
    };
    const { el, arrive } = island('<p>Balance</p><div><button>Receive</button><button>Send <b>now</b></button></div>', replacing);
    el.querySelector('b')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    click(el.querySelector('b')!);
    await arrive();
    expect(clicked).toHaveBeenCalledOnce();
    expect(clicked.mock.calls[0]![0].textContent).toBe('Send');
  });

  it('leaves a click after hydration to React alone (no second click)', async () => {
    const clicked = vi.fn();
    const { el, arrive } = island('<button>Send</button>', react(clicked));
    idle!();
    await arrive();
    expect(click(el.querySelector('button')!).defaultPrevented).toBe(false);
    expect(clicked).toHaveBeenCalledOnce();
  });

  it("leaves a link's click to the browser, before hydration too", async () => {
    const { el, arrive } = island('<a href="/market">Market</a>');
    const event = click(el.querySelector('a')!);
    expect(event.defaultPrevented).toBe(false);
    const replayed = vi.fn();
    el.addEventListener('click', replayed);
    idle!();
    await arrive();
    expect(replayed).not.toHaveBeenCalled();
  });
});

/** A small screen: a button that counts and keeps the field's text when pressed, and a controlled search field whose text is echoed. */
function Screen() {
  const [count, setCount] = useState(0);
  const [query, setQuery] = useState('');
  const [sent, setSent] = useState('');
  return (
    <div>
      <button
        type="button"
        onClick={() => {
          setCount((n) => n + 1);
          setSent(query);
        }}
      >
        Pressed {count}
      </button>
      <span data-sent="">{sent}</span>
      <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
      <output>{query}</output>
    </div>
  );
}

/** The served HTML of Screen in an island under client:tap, hydrated by React when its chunk arrives. */
function reactIsland() {
  const { el, load, arrive } = island(renderToString(<Screen />), (el) => {
    startTransition(() => void hydrateRoot(el, <Screen />));
    el.dataset.hydrated = 'yes';
  });
  return { el, load, arrive, button: el.querySelector('button')!, field: el.querySelector('input')! };
}

describe('client:tap with React', () => {
  it("replays a tap that landed before hydration into the button's handler, once", async () => {
    const { button, arrive } = reactIsland();
    button.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    click(button);
    expect(button.textContent).toBe('Pressed 0');
    await arrive();
    await vi.waitFor(() => expect(button.textContent).toBe('Pressed 1'));
    click(button);
    await vi.waitFor(() => expect(button.textContent).toBe('Pressed 2'));
  });

  it('hands text typed before hydration to React as typed input', async () => {
    const { el, field, arrive } = reactIsland();
    field.dispatchEvent(new Event('focusin', { bubbles: true }));
    field.value = 'TBILL';
    await arrive();
    await vi.waitFor(() => expect(el.querySelector('output')!.textContent).toBe('TBILL'));
    expect(field.value).toBe('TBILL');
  });

  it('replays a press after the text typed before it, so the handler sees that text (type a number, press Send)', async () => {
    const { el, field, button, arrive } = reactIsland();
    field.dispatchEvent(new Event('focusin', { bubbles: true }));
    field.value = '+1 555 555 0100';
    click(button);
    await arrive();
    await vi.waitFor(() => expect(button.textContent).toBe('Pressed 1'));
    expect(el.querySelector('[data-sent]')!.textContent).toBe('+1 555 555 0100');
  });
});
