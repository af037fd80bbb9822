// The client side of the React renderer (see react-string-renderer.mjs): @astrojs/react's hydration,
// once the page's strings in its starting language are in (languageReady, src/stores/lang.ts). The
// wait is this module's own top-level await, so the island's loading (the `load` a client directive
// awaits) ends only when the strings are in, and hydration itself starts nothing asynchronous. An
// island that hydrated first would suspend on them; and a directive that handed over the text typed
// before hydration (client:tap) and then waited would lose what is typed meanwhile, and replay a held
// press on markup React has not hydrated yet. It also waits for the app's whole stylesheet where the
// page brought its own (src/lib/app-sheet.ts), so what an island draws after hydrating is styled.
import hydrate from '@astrojs/react/client.js';
import { languageReady } from '../stores/lang';
import { appSheetReady } from '../lib/app-sheet';

await Promise.all([languageReady, appSheetReady()]);

export default hydrate;
