// @vitest-environment node
// The layering of src/, checked on the real files: no import cycles (between modules, or between the
// top-level parts such as i18n and stores), the embedded core stands alone (it is the upstream's
// stand-in, so it must not lean on the BFF or on the local sign-in service), and the browser's code
// and the Worker's meet only in src/shared (the browser takes from the Worker just the type of its
// API, AppType). Type-only imports count: they tie the modules together just the same for a reader
// and for the next refactoring.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(SRC, '..');
const CODE = new Set(['.ts', '.tsx', '.mts', '.js', '.mjs', '.astro']);

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return walk(path);
    return CODE.has(extname(name)) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every file under `dir`, tests included. */
function walkAll(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walkAll(join(dir, name)) : [join(dir, name)]));
}

/** The script of a module: an Astro file's frontmatter and its <script> blocks, else the whole file. */
function scriptOf(path: string): string {
  const text = readFileSync(path, 'utf8');
  if (!path.endsWith('.astro')) return text;
  const front = /^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? '';
  const scripts = [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  return [front, ...scripts].join('\n');
}

/** A relative specifier as a file of src/, or null for packages, virtual modules and assets. */
function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec);
  const stem = base.replace(/\.(js|mjs)$/, '');
  const candidates = [base, ...['.ts', '.tsx', '.mts', '.mjs', '.js'].flatMap((ext) => [stem + ext, join(base, `index${ext}`)])];
  return candidates.find((c) => CODE.has(extname(c)) && statSync(c, { throwIfNoEntry: false })?.isFile()) ?? null;
}

const files = walk(SRC);
const graph = new Map<string, string[]>(
  files.map((file) => {
    const info = ts.preProcessFile(scriptOf(file), true, true);
    const deps = info.importedFiles.map((f) => resolveImport(file, f.fileName)).filter((d): d is string => d !== null);
    return [relative(ROOT, file), [...new Set(deps.map((d) => relative(ROOT, d)))]];
  }),
);

/** The files a module imports for their types alone (`import type …`, or every imported name marked `type`). */
function typeOnlyImports(file: string): Set<string> {
  const source = ts.createSourceFile(file, scriptOf(file), ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const found = new Set<string>();
  for (const node of source.statements) {
    if (!ts.isImportDeclaration(node) || !ts.isStringLiteral(node.moduleSpecifier)) continue;
    const clause = node.importClause;
    const named = clause?.namedBindings;
    const typeOnly =
      clause !== undefined &&
      (clause.isTypeOnly ||
        (!clause.name && named !== undefined && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly)));
    const target = typeOnly ? resolveImport(file, node.moduleSpecifier.text) : null;
    if (target) found.add(relative(ROOT, target));
  }
  return found;
}

/** Every cycle of a graph as one path per strongly connected component (Tarjan), for a readable failure. */
export function cyclesOf(g: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of g.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (g.get(v) ?? []).includes(v)) found.push(component.reverse());
    }
  };
  for (const v of g.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** src/<part>/… -> <part>; a file directly in src/ is its own part. */
const partOf = (file: string): string => relative('src', file).split('/').slice(0, -1)[0] ?? file;

describe('the import graph of src/', () => {
  it('finds the modules and their imports (the check below is not vacuous)', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get('src/worker/index.ts')?.length).toBeGreaterThan(3);
  });

  it('has no import cycle between modules', () => {
    expect(cyclesOf(graph)).toEqual([]);
  });

  it('has no import cycle between the parts of src (i18n, stores, worker, core, local-auth…)', () => {
    const parts = new Map<string, Set<string>>();
    for (const [file, deps] of graph) {
      const from = partOf(file);
      const set = parts.get(from) ?? new Set<string>();
      for (const dep of deps) if (partOf(dep) !== from) set.add(partOf(dep));
      parts.set(from, set);
    }
    const partGraph = new Map([...parts].map(([k, v]) => [k, [...v]]));
    // Name the imports behind each cyclic part, so the failure says which line to change.
    const cycles = cyclesOf(partGraph).map((component) =>
      [...graph].flatMap(([file, deps]) =>
        deps.filter((d) => partOf(d) !== partOf(file) && component.includes(partOf(file)) && component.includes(partOf(d))).map((d) => `${file} -> ${d}`),
      ),
    );
    expect(cycles).toEqual([]);
  });

  it('keeps the embedded core free of the BFF and the local sign-in service', () => {
    const leaks = [...graph]
      .filter(([file]) => file.startsWith('src/core/'))
      .flatMap(([file, deps]) => deps.filter((d) => d.startsWith('src/worker/') || d.startsWith('src/local-auth/')).map((d) => `${file} -> ${d}`));
    expect(leaks).toEqual([]);
  });

  it("keeps the browser's code off the Worker's but for the type of its API (src/worker/index.ts's AppType)", () => {
    const browser = [...graph].filter(([file]) => /^src\/(islands|components|stores)\//.test(file));
    const leaks = browser.flatMap(([file, deps]) => {
      const typesOnly = typeOnlyImports(resolve(ROOT, file));
      return deps.filter((d) => d.startsWith('src/worker/') && !(d === 'src/worker/index.ts' && typesOnly.has(d))).map((d) => `${file} -> ${d}`);
    });
    expect(leaks).toEqual([]);
    // Not vacuous: the typed client does import AppType.
    expect(typeOnlyImports(resolve(ROOT, 'src/stores/api.ts'))).toContain('src/worker/index.ts');
  });

  it("keeps the Worker off the browser's code (what both use lives in src/shared)", () => {
    const leaks = [...graph]
      .filter(([file]) => file.startsWith('src/worker/'))
      .flatMap(([file, deps]) => deps.filter((d) => /^src\/(lib|stores|islands|components)\//.test(d)).map((d) => `${file} -> ${d}`));
    expect(leaks).toEqual([]);
  });
});

describe('file names', () => {
  it('names every module that is not a component in kebab-case (components: PascalCase .tsx / .astro)', () => {
    // Astro routes keep their [param] brackets; .d.ts files are declarations, not modules.
    const camel = walkAll(SRC)
      .filter((f) => /\.(ts|mts|mjs|js)$/.test(f) && !f.endsWith('.d.ts'))
      .map((f) => relative(ROOT, f))
      .filter((f) => !/^[a-z0-9.[\]-]+$/.test(f.split('/').pop()!));
    expect(camel).toEqual([]);
  });
});

describe('cyclesOf', () => {
  it('reports a two-module cycle and a self-import, and nothing for a chain', () => {
    const g = new Map([
      ['a', ['b']],
      ['b', ['a', 'c']],
      ['c', []],
      ['d', ['d']],
    ]);
    expect(cyclesOf(g)).toEqual([['a', 'b'], ['d']]);
    expect(
      cyclesOf(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', []],
        ]),
      ),
    ).toEqual([]);
  });
});
