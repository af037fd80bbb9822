// The server side of the React renderer (see react-string-renderer.mjs): @astrojs/react's own
// (`check`, the static-slot support, children and slots through its StaticHtml), except that an island
// without children or slots, which is every island of this app, renders with renderToString. The
// island's useId prefix is passed to React as @astrojs/react passes it (`identifierPrefix`, returned as
// the island's `prefix` attribute, which the browser hydrates with), from a counter of its own per
// page ("s0", "s1"...) so that it never repeats one of @astrojs/react's ("r0"...) on the same page.
// Anything that suspends on the server renders its fallback (React's renderToString), which the
// browser then renders itself: the islands mount their lazy modals only once opened.
import base from '@astrojs/react/server.js';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';

const counters = new WeakMap();

/** The next island's useId prefix on this page (the page render's `result`), like @astrojs/react's. */
function nextPrefix(result) {
  const index = counters.get(result) ?? 0;
  counters.set(result, index + 1);
  return `s${index}`;
}

async function renderToStaticMarkup(Component, props, slotted = {}, metadata) {
  const { default: children, ...named } = slotted;
  // A form action's result (Astro Actions) is @astrojs/react's to hand to React: none in this app.
  if (children != null || props.children != null || Object.keys(named).length > 0 || this?.result?.actionResult) {
    return base.renderToStaticMarkup.call(this, Component, props, slotted, metadata);
  }
  const prefix = this?.result ? nextPrefix(this.result) : undefined;
  const { class: _class, ...rest } = props;
  const html = renderToString(createElement(Component, rest), { identifierPrefix: prefix }).replace(
    // As @astrojs/react: resource hints React hoists into the markup are the page's to make.
    /<link\s[^>]*rel="(?:preload|modulepreload|stylesheet|preconnect|dns-prefetch)"[^>]*>/g,
    '',
  );
  return { html, attrs: { prefix } };
}

export default { ...base, renderToStaticMarkup };
