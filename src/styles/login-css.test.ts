// /login's own sheet (login.css) has Tailwind scan only the files it names with @source. Every file
// /login renders markup from (the page, its layout and the island's import graph) that writes a
// class must be one of them, or its classes would be missing on /login only.
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');

const sources = [...read('src/styles/login.css').matchAll(/@source\s+"([^"]+)"/g)].map((m) => relative(root, resolve(join(root, 'src/styles'), m[1] ?? '')));

const resolveImport = (from: string, spec: string): string | null => {
  if (!spec.startsWith('.')) return null;
  const base = resolve(join(root, dirname(from)), spec.replace(/\?.*$/, ''));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')])
    if (existsSync(candidate) && /\.(tsx?|astro)$/.test(candidate)) return relative(root, candidate);
  return null;
};

/** Every source file /login can render from: static imports, not `import type`, from the page down. */
function graph(entry: string): Set<string> {
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const m of read(file).matchAll(/^\s*import\s+(?!type\s)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)) {
      const next = resolveImport(file, m[1] ?? '');
      if (next) walk(next);
    }
  };
  walk(entry);
  return seen;
}

describe("/login's own stylesheet", () => {
  it('names every file of the page, its layout and its island that writes a class', () => {
    const files = graph('src/pages/login.astro');
    expect(files).toContain('src/islands/Login.tsx');
    expect(files).toContain('src/layouts/AppLayout.astro');
    const styled = [...files].filter((f) => /\b(className|class)\s*=/.test(read(f)));
    expect(styled.filter((f) => !sources.includes(f))).toEqual([]);
  });

  it('shares the app sheet’s own rules and theme', () => {
    expect(read('src/styles/login.css')).toContain("@import './app-rules.css';");
    expect(read('src/styles/app.css')).toContain("@import './app-rules.css';");
  });
});
