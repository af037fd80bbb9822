// The app's Astro config plus hidden sourcemaps (.map files without a sourceMappingURL comment), so
// the benchmark can attribute each built chunk's bytes to its source modules while the JavaScript
// itself stays byte for byte what `npm run build` ships.
import config from '../astro.config.mjs';

export default {
  ...config,
  vite: { ...config.vite, build: { ...config.vite?.build, sourcemap: 'hidden' } },
};
