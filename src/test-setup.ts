// Unit-test setup: every dictionary loaded up front, as if the user had already switched language
// (in the browser, Spanish and French load on demand).
import { loadDictionary } from './i18n';

await Promise.all([loadDictionary('es'), loadDictionary('fs')]);
