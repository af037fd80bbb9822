// The client side of the React renderer (see react-string-renderer.mjs): @astrojs/react's hydration,
// once the page's strings in its starting language are in (languageReady, src/stores/lang.ts). An
// island that hydrated first would suspend on them, and a press client:tap holds before hydration
// would then be replayed on markup React has not hydrated yet, and be lost.
import hydrate from '@astrojs/react/client.js';
import { languageReady } from '../stores/lang';

export default (element) =>
  async (...args) => {
    await languageReady;
    return hydrate(element)(...args);
  };
