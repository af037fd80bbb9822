// The inline <head> script of the legal pages: `?lang=es` on an English page moves to the Spanish
// page and `?lang=en` on a Spanish page to the English one (other values are ignored), keeping any
// other query parameters and the hash. The pages are static assets served before the Worker runs,
// so this cannot be a server redirect. Keep it one fixed string: the CSP allows it by its hash.
export const LANG_REDIRECT_SCRIPT =
  "(function(){var q=new URLSearchParams(location.search),l=q.get('lang'),p=location.pathname,es=/^\\/es\\//.test(p);" +
  "if(l!=='es'&&l!=='en'||(l==='es')===es)return;q.delete('lang');var s=q.toString();" +
  "location.replace((es?p.slice(3):'/es'+p)+(s?'?'+s:'')+location.hash)})()";
