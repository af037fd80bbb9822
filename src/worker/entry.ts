// Worker entry for the integration tests: the Hono app alone, without Astro.
import { app } from './index';

export default { fetch: app.fetch } satisfies ExportedHandler<Cloudflare.Env>;
