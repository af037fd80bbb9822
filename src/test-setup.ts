// Unit-test setup: every dictionary loaded up front, as if the user had already switched language
// (in the browser a page loads only its own strings, in its language).
import { loadDictionary } from './i18n';

await Promise.all([loadDictionary('es'), loadDictionary('fs')]);
