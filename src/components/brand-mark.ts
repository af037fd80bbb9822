// The brand mark (public/favicon.svg, 306 B) as a data: URL, for the pages' icon and /login's logo:
// written into the page, it costs no request (a named file was one that could start before the first
// paint, and Lighthouse then put it on the largest paint's path). img-src allows data:.
import favicon from '../../public/favicon.svg?raw';

export const BRAND_MARK = `data:image/svg+xml,${encodeURIComponent(favicon)}`;
