// /login's view (src/shared/login-view.ts): on a plain visit the phone step in the browser's
// language and region; after a form post, what its routes (src/worker/login/routes.ts) decided,
// handed to the page Astro renders for that request (hand-over.ts), as a signed-in page gets its user.
import { detectLanguage, htmlLang, isDictionaryLoaded, loadDictionary } from '../../i18n';
import type { LoginView } from '../../shared/login-view';
import { countryOptions, defaultCountry, loadPhoneMetadata } from '../../shared/phone-number';
import { handOver } from './hand-over';
import { acceptLanguages } from './shell';

const views = handOver<LoginView>();

/** A per-request copy of `ctx` that carries `view` to /login's frontmatter. */
export const contextWithLoginView = views.context;

/** The view the form routes decided for this request, or null on a plain visit. */
export const loginViewOf = views.of;

/** What /login shows on a plain visit: the phone step in the browser's language and region. */
export async function visitView(request: Request): Promise<LoginView> {
  const tags = acceptLanguages(request.headers.get('accept-language'));
  const lang = detectLanguage(tags);
  // Static text and data: loaded once per isolate and shared safely by every request.
  const [lib] = await Promise.all([loadPhoneMetadata(), isDictionaryLoaded(lang) ? undefined : loadDictionary(lang)]);
  return {
    lang,
    step: 'phone',
    country: defaultCountry(tags, lang),
    countries: countryOptions(lib, htmlLang(lang))
      .map((o) => `${o.code} ${o.label}`)
      .join('\n'),
    phone: '',
    next: new URL(request.url).searchParams.get('next') ?? '',
    message: null,
    resendIn: 0,
  };
}
