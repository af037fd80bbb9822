// @astrojs/react with one change on the server: an island is rendered with React's renderToString
// instead of renderToReadableStream (src/integrations/react-server.mjs). Every signed-in page is
// rendered on the Worker per request, and reading React's web stream back into a string,
// as @astrojs/react does, cost more than the render itself: in workerd (`bench/`'s CPU probe) /market
// took ~7.2 ms of Worker CPU per request with the stream and ~6.1 ms with renderToString. The
// integration's own `experimentalDisableStreaming` does the same but drops the island's useId prefix
// on the server (the browser hydrates with it), so ids would differ between HTML and hydration.
// The client side (hydration) is @astrojs/react's, after the page's strings are in (react-client.mjs);
// the Vite set-up is @astrojs/react's, unchanged.
import react from '@astrojs/react';
import { fileURLToPath } from 'node:url';

const serverEntrypoint = fileURLToPath(new URL('./react-server.mjs', import.meta.url));
const clientEntrypoint = fileURLToPath(new URL('./react-client.mjs', import.meta.url));

/** `react(options)`, whose renderer renders islands to a string on the server. */
export default function reactRenderedToString(options) {
  const integration = react(options);
  const setup = integration.hooks['astro:config:setup'];
  return {
    ...integration,
    hooks: {
      ...integration.hooks,
      'astro:config:setup': (params) =>
        setup({ ...params, addRenderer: (renderer) => params.addRenderer({ ...renderer, serverEntrypoint, clientEntrypoint }) }),
    },
  };
}
