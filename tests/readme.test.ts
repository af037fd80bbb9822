// Keeps the README true where a machine can tell: every name its folder map gives exists and every
// folder under src/ and tests/ is on the map, its scripts table is exactly package.json's scripts and
// every `npm run X` it or a docs/ page mentions is one of them, every configuration name is one the
// code or the Worker's configuration reads (and every binding the Worker is typed with is in the
// table), and every relative link of the README and docs/ reaches a file and, with a #fragment, one
// of that file's headings.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const README = read('README.md');
const DOCS = readdirSync(join(ROOT, 'docs'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => `docs/${name}`);

/** The body of a `## title` section (up to the next `## `). */
function section(markdown: string, title: string): string {
  const start = markdown.indexOf(`\n## ${title}\n`);
  if (start < 0) throw new Error(`no "## ${title}" section`);
  const end = markdown.indexOf('\n## ', start + 1);
  return markdown.slice(start, end < 0 ? undefined : end);
}

interface MapEntry {
  path: string;
  /** The names of files and folders its description gives (`shell/`, `bff-apps.ts`), as written. */
  names: string[];
}

const NAMED = /^[\w.[\]-]+(\/[\w.[\]-]+)*(\/|\.(ts|tsx|mjs|astro|css|json|md|sql|env))$/;

/**
 * The folder map's entries: in its code block, a line that starts in the first column names a path
 * and begins its description; indented lines carry the description on.
 */
function folderMap(markdown: string): MapEntry[] {
  const block = /```\n([\s\S]*?)```/.exec(section(markdown, 'Folder map'))?.[1] ?? '';
  const entries: MapEntry[] = [];
  for (const line of block.split('\n')) {
    if (!line.trim()) continue;
    const words = line.trim().split(/[\s,;:()]+/);
    if (!/^\s/.test(line)) entries.push({ path: words.shift() ?? '', names: [] });
    const names = words.map((word) => word.replace(/\.+$/, '')).filter((word) => NAMED.test(word));
    entries.at(-1)?.names.push(...names);
  }
  return entries;
}

/** Every folder under `dir`, relative to the root. */
function folders(dir: string): string[] {
  return readdirSync(join(ROOT, dir))
    .map((name) => join(dir, name))
    .filter((path) => statSync(join(ROOT, path)).isDirectory())
    .flatMap((path) => [path, ...folders(path)]);
}

/** Everything wrong with a folder map against the files under `root`, and what it leaves out of `required`. */
function mapProblems(entries: MapEntry[], root: string, required: string[]): string[] {
  const problems: string[] = [];
  const named = new Set<string>();
  for (const { path, names } of entries) {
    const base = path.replace(/\/$/, '');
    if (!existsSync(join(root, base))) problems.push(`${path} does not exist`);
    named.add(base);
    const dir = path.endsWith('/') ? base : dirname(base);
    // A name is relative to the entry, to the last folder named before it in the entry (`live/
    // (party-live.ts)`), or to the root; naming `legal/en/` names `legal/` too.
    let folder = dir;
    for (const name of names) {
      const found = [join(dir, name), join(folder, name), name].map((path) => path.replace(/\/$/, '')).find((path) => existsSync(join(root, path)));
      if (!found) {
        problems.push(`${path} names ${name}, which is not under ${dir}/, ${folder}/ or the root`);
        continue;
      }
      for (let up = found; up.startsWith(`${dir}/`); up = dirname(up)) named.add(up);
      if (name.endsWith('/')) folder = found;
    }
  }
  for (const folder of required) if (!named.has(folder)) problems.push(`${folder}/ is not on the folder map`);
  return problems;
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to dashes. */
const anchor = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

/** Everything wrong with the relative links of a Markdown file (`from`, relative to the root). */
function linkProblems(from: string, markdown: string): string[] {
  const problems: string[] = [];
  for (const [, target = ''] of markdown.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/.test(target)) continue;
    const [file, fragment] = target.split('#');
    const path = file ? join(dirname(from), file) : from;
    if (!existsSync(join(ROOT, path))) {
      problems.push(`${from} links ${target}: ${path} does not exist`);
      continue;
    }
    if (fragment === undefined) continue;
    const anchors = [...read(path).matchAll(/^#+ (.+)$/gm)].map(([, heading]) => anchor(heading!));
    if (!anchors.includes(fragment)) problems.push(`${from} links ${target}: no such heading in ${path}`);
  }
  return problems;
}

const scripts = Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts);
/** `npm start` and `npm test` are scripts run without `run`. */
const scriptOf = (command: string) => command.replace(/^npm (run )?/, '');

describe('the README', () => {
  it('names only paths that exist on its folder map, and maps every folder under src/ and tests/', () => {
    const entries = folderMap(README);
    expect(entries.length).toBeGreaterThan(20);
    expect(mapProblems(entries, ROOT, [...folders('src'), ...folders('tests')])).toEqual([]);
  });

  it('fails a folder map entry or a name in it that does not exist, and a folder left off the map', () => {
    const map =
      '\n## Folder map\n\n```\nsrc/worker/        the BFF: live/ (party-live.ts, gone.ts), pages/\nsrc/nowhere/      a folder that is not there\n```\n';
    expect(mapProblems(folderMap(map), ROOT, ['src/worker/live', 'src/worker/pages', 'src/core'])).toEqual([
      'src/worker/ names gone.ts, which is not under src/worker/, src/worker/live/ or the root',
      'src/nowhere/ does not exist',
      'src/core/ is not on the folder map',
    ]);
  });

  it("lists exactly package.json's scripts in its scripts table", () => {
    const listed = [...section(README, 'Scripts').matchAll(/^\| `(npm [^`]+)`/gm)].map(([, command]) => scriptOf(command!));
    expect(listed.toSorted()).toEqual(scripts.toSorted());
  });

  it('mentions only npm scripts that package.json has, in the README and in docs/', () => {
    for (const file of ['README.md', ...DOCS]) {
      const mentioned = [...read(file).matchAll(/npm (?:run ([\w:-]+)|(start|test)\b)/g)].map(([, run, bare]) => run ?? bare!);
      expect(
        mentioned.filter((name) => !scripts.includes(name)),
        file,
      ).toEqual([]);
    }
  });

  it('configures only names the code reads, and every binding the Worker is typed with', () => {
    const table = section(README, 'Configuration');
    const names = [...table.matchAll(/^\| (.+?) \|/gm)].flatMap(([, cell]) => [...cell!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map(([, name]) => name!));
    const sources = ['src', 'scripts']
      .flatMap((dir) => walk(dir))
      .concat(['astro.config.mjs', 'wrangler.toml', 'config/local.env'])
      .map(read)
      .join('\n');
    expect(names.filter((name) => !new RegExp(`\\b${name}\\b`).test(sources))).toEqual([]);
    const typed = ['src/platform/bindings.ts', 'src/worker/env.ts', 'src/worker/clock/wake.ts'].flatMap((file) =>
      [...read(file).matchAll(/^\s+([A-Z][A-Z0-9_]+)\??:/gm)].map(([, name]) => name!),
    );
    expect(typed.length).toBeGreaterThan(10);
    expect(typed.filter((name) => !names.includes(name))).toEqual([]);
  });

  it('links only files and headings that exist, from the README and from docs/', () => {
    for (const file of ['README.md', ...DOCS]) expect(linkProblems(file, read(file)), file).toEqual([]);
    expect(linkProblems('README.md', '[a](docs/missing.md) [b](#no-such-heading) [c](docs/api.md)')).toEqual([
      'README.md links docs/missing.md: docs/missing.md does not exist',
      'README.md links #no-such-heading: no such heading in README.md',
    ]);
  });
});

/** Every file under `dir` but tests, relative to the root. */
function walk(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => !/\.test\.tsx?$/.test(path) && statSync(join(ROOT, path)).isFile());
}
