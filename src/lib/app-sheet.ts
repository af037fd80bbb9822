// The app's whole stylesheet on a signed-in page rendered on the Worker. On a first visit the page
// carries the rules of what it served instead (src/worker/pages/critical-css.ts) and names the sheet
// in a <meta name="app-sheet"> (src/layouts/AppLayout.astro). The islands' renderer asks for it here
// before they hydrate (src/integrations/react-client.mjs), so whatever they draw later (a dialog, a
// menu, an error) finds its rules; once loaded, a cookie names this version, and later pages link it
// as usual, from the cache, instead of carrying their rules again. It is asked for only once the
// islands' scripts are in, which the islands ask for only after the first contentful paint has been
// shown (src/integrations/tap-directive.ts): asked for earlier, at the first frame, it was done before
// that paint reached the screen, and Lighthouse put it on the paint's path (npm run bench: LCP
// 802-825 ms, as with the sheet linked in the head). A sheet that fails to load lets the islands
// hydrate on the page's own rules.

/** The cookie naming the version of the app's sheet this browser has loaded. */
export const APP_SHEET_COOKIE = 'app-sheet';

/** The version a sheet's URL names: its file name, which carries the build's content hash. */
export const sheetVersion = (href: string) => href.slice(href.lastIndexOf('/') + 1);

/** A year: the cookie only names the file the browser was given; a new build names a new one. */
const COOKIE_MAX_AGE_S = 31_536_000;

let ready: Promise<void> | undefined;

/** Settles when the app's whole sheet is the page's (at once where the page linked it itself). */
export function appSheetReady(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): Promise<void> {
  const meta = doc?.querySelector<HTMLMetaElement>('meta[name="app-sheet"]');
  if (!doc || !meta) return Promise.resolve();
  return (ready ??= new Promise((resolve) => {
    const link = doc.createElement('link');
    link.rel = 'stylesheet';
    link.href = meta.content;
    link.addEventListener('load', () => {
      const secure = doc.location.protocol === 'https:' ? '; Secure' : '';
      doc.cookie = `${APP_SHEET_COOKIE}=${encodeURIComponent(meta.dataset.version ?? '')}; Path=/; Max-Age=${COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`;
      resolve();
    });
    link.addEventListener('error', () => resolve());
    doc.head.appendChild(link);
  }));
}
