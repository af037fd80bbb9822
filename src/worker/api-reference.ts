// The readable API reference at GET /api/reference (and the sign-in's at /api/reference/auth): plain
// semantic HTML generated from an OpenAPI 3.1 document (no script, no style), so that the /api CSP
// (`default-src 'none'`) needs no exception. Generic over what the document carries: tags as
// sections, per operation its id, summary, description, parameters, body, examples, every status
// with its error codes and headers, security and `x-` extensions; `$ref`s link to the components.
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';

export const OPENAPI_INFO = {
  title: 'Dólar app API',
  version: '1.0.0',
  description:
    'The BFF under /api. Every call but /api/health and this contract needs `Authorization: Bearer <access token>`. ' +
    'Success answers are `{data}`; every 4xx/5xx is `{message, code}`: `message` is English for people, `code` a stable ' +
    'identifier for clients (the enum of the error schema; codes are added, never renamed).',
  contact: { name: 'Dólar app support', email: 'support@dolar.app' },
  // The app is not open source: its API is used under the Terms of Service (/terms).
  license: { name: 'Proprietary: used under the Terms of Service (/terms)', identifier: 'LicenseRef-Proprietary' },
};

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;
type Schema = Record<string, unknown>;
interface Example {
  summary?: string;
  description?: string;
  value?: unknown;
}
interface Media {
  schema?: Schema;
  example?: unknown;
  examples?: Record<string, Example>;
}
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
  example?: unknown;
}
interface Header {
  description?: string;
  required?: boolean;
  schema?: Schema;
}
interface Response {
  description?: string;
  headers?: Record<string, Header | { $ref: string }>;
  content?: Record<string, Media>;
}
type Security = Record<string, string[]>[];
interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: (Parameter | { $ref: string })[];
  requestBody?: { description?: string; required?: boolean; content?: Record<string, Media> };
  responses?: Record<string, Response | { $ref: string }>;
  security?: Security;
  deprecated?: boolean;
  [extension: `x-${string}`]: unknown;
}
export interface OpenApiDoc {
  info: {
    title: string;
    version: string;
    description?: string;
    license?: { name: string; url?: string };
    contact?: { name?: string; url?: string; email?: string };
  };
  servers?: { url: string; description?: string }[];
  tags?: { name: string; description?: string }[];
  paths?: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown> | undefined>;
  security?: Security;
}

/** Where a reader finds the sign-in: its document, its page, and the document itself for the summary. */
export interface SignInLinks {
  doc: OpenApiDoc;
  page: string;
  json: string;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const REF = /"#\/components\/([A-Za-z]+)\/([^"]+)"/;

/** The anchor of a component: `#/components/schemas/Account` -> `schemas-Account`. */
const componentId = (kind: string, name: string) => `${kind}-${name}`;
const operationAnchor = (method: string, path: string) => `${method}-${path}`;
const tagAnchor = (name: string) => `tag-${name.replace(/\s+/g, '-')}`;

/** The component a `$ref` names, or the object itself. */
function resolve<T>(doc: OpenApiDoc, value: T | { $ref: string }): T {
  const ref = (value as { $ref?: string }).$ref;
  const match = ref && /^#\/components\/([^/]+)\/(.+)$/.exec(ref);
  return match ? ((doc.components?.[match[1]!]?.[match[2]!] as T | undefined) ?? (value as T)) : (value as T);
}

/**
 * Markdown's common small part, enough for the documents' descriptions: blank lines separate blocks,
 * a block of `1.` or `-` lines is a list, `code` spans and **bold** are marked up, [text](url) links.
 */
function prose(text: string | undefined): Html | '' {
  if (!text) return '';
  const blocks = text.split(/\n\s*\n/).map((block) => block.trim().split('\n'));
  return html`${blocks.map((lines) => {
    if (lines.every((line) => /^\d+\.\s/.test(line)))
      return html`<ol>
        ${lines.map((line) => html`<li>${inline(line.replace(/^\d+\.\s+/, ''))}</li>`)}
      </ol>`;
    if (lines.every((line) => /^[-*]\s/.test(line)))
      return html`<ul>
        ${lines.map((line) => html`<li>${inline(line.replace(/^[-*]\s+/, ''))}</li>`)}
      </ul>`;
    return html`<p>${inline(lines.join(' '))}</p>`;
  })}`;
}

function inline(text: string): Html {
  const parts = text.split(/(`[^`]+`|\*\*[^*]+\*\*|\[[^\]]+\]\([^)\s]+\))/);
  return html`${parts.map((part, i) => {
    if (i % 2 === 0) return part;
    if (part.startsWith('`')) return html`<code>${part.slice(1, -1)}</code>`;
    if (part.startsWith('**')) return html`<strong>${part.slice(2, -2)}</strong>`;
    const [, label, href] = /^\[([^\]]+)\]\(([^)]+)\)$/.exec(part)!;
    return /^(https?:|\/|#)/.test(href!) ? html`<a href="${href}">${label}</a>` : label;
  })}`;
}

/** A schema (or any JSON) as indented JSON whose `$ref`s link to their component. */
function jsonBlock(value: unknown): Html {
  const parts = JSON.stringify(value ?? {}, null, 2).split(REF);
  const out: (string | Html)[] = [];
  for (let i = 0; i < parts.length; i += 3) {
    out.push(parts[i]!);
    if (i + 2 < parts.length) out.push(html`"<a href="#${componentId(parts[i + 1]!, parts[i + 2]!)}">#/components/${parts[i + 1]}/${parts[i + 2]}</a>"`);
  }
  return html`<pre><code>${out}</code></pre>`;
}

/** The error codes an answer's schema allows: `code`'s enum or const, through `$ref`, allOf, anyOf and oneOf. */
function errorCodes(doc: OpenApiDoc, schema: Schema | undefined, seen = new Set<Schema>()): string[] {
  if (!schema || seen.has(schema)) return [];
  seen.add(schema);
  const s = resolve<Schema>(doc, schema);
  const code = (s.properties as Record<string, Schema> | undefined)?.code;
  const own = code ? [...((resolve<Schema>(doc, code).enum as unknown[] | undefined) ?? []), ...('const' in code ? [code.const] : [])] : [];
  const nested = (['allOf', 'anyOf', 'oneOf'] as const).flatMap((k) => ((s[k] as Schema[] | undefined) ?? []).flatMap((sub) => errorCodes(doc, sub, seen)));
  return [...new Set([...own, ...nested].filter((c): c is string => typeof c === 'string'))];
}

function examplesOf(doc: OpenApiDoc, media: Media): Html | '' {
  const named = Object.entries(media.examples ?? {}).map(([name, ex]) => [name, resolve<Example>(doc, ex)] as const);
  if (media.example === undefined && !named.length) return '';
  return html`<dl>
    ${
      media.example !== undefined
        ? html`<dt>Example</dt>
            <dd>${jsonBlock(media.example)}</dd>`
        : ''
    }
    ${named.map(
      ([name, ex]) =>
        html`<dt>Example <code>${name}</code>${ex.summary ? html`: ${ex.summary}` : ''}</dt>
          <dd>${prose(ex.description)}${jsonBlock(ex.value)}</dd>`,
    )}
  </dl>`;
}

function contentOf(doc: OpenApiDoc, content: Record<string, Media> | undefined, label: string): Html | '' {
  return html`${Object.entries(content ?? {}).map(
    ([type, media]) =>
      html`<details>
        <summary>${label} <code>${type}</code></summary>
        ${media.schema ? jsonBlock(media.schema) : ''} ${examplesOf(doc, media)}
      </details>`,
  )}`;
}

function securityOf(requirements: Security | undefined): Html {
  if (!requirements) return html`<p>Security: none declared.</p>`;
  if (!requirements.length || requirements.some((r) => !Object.keys(r).length)) return html`<p>Security: none (open).</p>`;
  return html`<p>
    Security:
    ${requirements.map(
      (r, i) =>
        html`${i ? ' or ' : ''}${Object.entries(r).map(
          ([name, scopes], j) =>
            html`${j ? ' and ' : ''}<a href="#${componentId('securitySchemes', name)}"><code>${name}</code></a
              >${scopes.length ? html` (${scopes.join(', ')})` : ''}`,
        )}`,
    )}
  </p>`;
}

function operation(doc: OpenApiDoc, path: string, method: string, op: Operation): Html {
  const params = (op.parameters ?? []).map((p) => resolve<Parameter>(doc, p));
  const extensions = Object.entries(op).filter(([key]) => key.startsWith('x-'));
  const responses = Object.entries(op.responses ?? {}).map(([status, r]) => [status, resolve<Response>(doc, r)] as const);
  return html`<section id="${operationAnchor(method, path)}" aria-labelledby="${operationAnchor(method, path)}-h">
    <h3 id="${operationAnchor(method, path)}-h"><code>${method.toUpperCase()} ${path}</code></h3>
    ${op.summary ? html`<p><strong>${op.summary}</strong></p>` : ''} ${op.operationId ? html`<p>Operation id: <code>${op.operationId}</code></p>` : ''}
    ${op.deprecated ? html`<p><strong>Deprecated.</strong></p>` : ''} ${prose(op.description)} ${securityOf(op.security ?? doc.security)}
    ${
      extensions.length
        ? html`<dl>
            ${extensions.map(
              ([key, value]) =>
                html`<dt><code>${key}</code></dt>
                  <dd><code>${typeof value === 'string' ? value : JSON.stringify(value)}</code></dd>`,
            )}
          </dl>`
        : ''
    }
    ${
      params.length
        ? html`<h4>Parameters</h4>
            <table>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">In</th>
                  <th scope="col">Required</th>
                  <th scope="col">Schema</th>
                  <th scope="col">Description</th>
                </tr>
              </thead>
              <tbody>
                ${params.map(
                  (p) =>
                    html`<tr>
                      <th scope="row"><code>${p.name}</code></th>
                      <td>${p.in}</td>
                      <td>${p.required ? 'yes' : 'no'}</td>
                      <td>${jsonBlock(p.schema)}</td>
                      <td>${prose(p.description)}${p.example !== undefined ? html`<p>Example: <code>${JSON.stringify(p.example)}</code></p>` : ''}</td>
                    </tr>`,
                )}
              </tbody>
            </table>`
        : ''
    }
    ${
      op.requestBody
        ? html`<h4>Request body${op.requestBody.required ? ' (required)' : ''}</h4>
            ${prose(op.requestBody.description)} ${contentOf(doc, op.requestBody.content, 'Body')}`
        : ''
    }
    <h4>Responses</h4>
    <table>
      <thead>
        <tr>
          <th scope="col">Status</th>
          <th scope="col">Description</th>
          <th scope="col">Error codes</th>
          <th scope="col">Headers</th>
        </tr>
      </thead>
      <tbody>
        ${responses.map(([status, r]) => {
          const codes = [...new Set(Object.values(r.content ?? {}).flatMap((m) => errorCodes(doc, m.schema)))];
          const headers = Object.entries(r.headers ?? {}).map(([name, h]) => [name, resolve<Header>(doc, h)] as const);
          return html`<tr>
            <th scope="row">${status}</th>
            <td>${prose(r.description)}</td>
            <td>${codes.map((c, i) => html`${i ? ', ' : ''}<code>${c}</code>`)}</td>
            <td>${headers.map(([name, h]) => html`<p><code>${name}</code>${h.required ? ' (always)' : ''}: ${inline(h.description ?? '')}</p>`)}</td>
          </tr>`;
        })}
      </tbody>
    </table>
    ${responses.map(([status, r]) => contentOf(doc, r.content, `${status} answer`))}
  </section>`;
}

interface Op {
  path: string;
  method: string;
  op: Operation;
}

function operationsOf(doc: OpenApiDoc): Op[] {
  return Object.entries(doc.paths ?? {}).flatMap(([path, item]) => METHODS.filter((m) => item[m]).map((m) => ({ path, method: m, op: item[m] as Operation })));
}

/** The document's tags in its order, then tags only operations name, then the untagged. */
function sections(doc: OpenApiDoc, ops: Op[]): { name: string; description?: string; ops: Op[] }[] {
  const tags = [...(doc.tags ?? [])];
  for (const { op } of ops) for (const name of op.tags ?? []) if (!tags.some((t) => t.name === name)) tags.push({ name });
  const grouped = tags.map((t) => ({ ...t, ops: ops.filter(({ op }) => op.tags?.[0] === t.name) }));
  const untagged = ops.filter(({ op }) => !op.tags?.length);
  return [...grouped.filter((g) => g.ops.length || g.description), ...(untagged.length ? [{ name: 'Operations', ops: untagged }] : [])];
}

/** The kinds of components the document declares (schemas, securitySchemes...), with their entries. */
const componentKinds = (doc: OpenApiDoc) =>
  Object.entries(doc.components ?? {}).filter((kind): kind is [string, Record<string, unknown>] => !!kind[1] && Object.keys(kind[1]).length > 0);

function components(kinds: [string, Record<string, unknown>][]): Html {
  return html`<section id="components" aria-labelledby="components-h">
    <h2 id="components-h">Components</h2>
    ${kinds.map(
      ([kind, entries]) =>
        html`<section aria-labelledby="components-${kind}-h">
          <h3 id="components-${kind}-h">${kind}</h3>
          ${Object.entries(entries).map(
            ([name, value]) =>
              html`<h4 id="${componentId(kind, name)}"><code>${name}</code></h4>
                ${prose((value as { description?: string }).description)} ${jsonBlock(value)}`,
          )}
        </section>`,
    )}
  </section>`;
}

/** A contents entry: the operation's method and path, linked to its section (on `page`, else here), and its summary. */
const operationItem = ({ path, method, op }: Op, page = '') =>
  html`<li>
    <a href="${page}#${operationAnchor(method, path)}"><code>${method.toUpperCase()} ${path}</code></a
    >${op.summary ? html`: ${op.summary}` : ''}
  </li>`;

function signInSection(signIn: SignInLinks): Html {
  return html`<section id="sign-in" aria-labelledby="sign-in-h">
    <h2 id="sign-in-h">Sign-in</h2>
    <p>
      Every call but the open ones needs a bearer token from the sign-in service: the full reference is
      <a href="${signIn.page}">${signIn.doc.info.title}</a> (<a href="${signIn.json}">OpenAPI 3.1</a>).
    </p>
    ${prose(signIn.doc.info.description)}
    <ul>
      ${operationsOf(signIn.doc).map((o) => operationItem(o, signIn.page))}
    </ul>
  </section>`;
}

/** The reference page of `doc` (served with its JSON at `json`), with a Sign-in section when given. */
export function referencePage(doc: OpenApiDoc, json: string, signIn?: SignInLinks) {
  const ops = operationsOf(doc);
  const groups = sections(doc, ops);
  const kinds = componentKinds(doc);
  const { license, contact } = doc.info;
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${doc.info.title} reference</title>
      </head>
      <body>
        <header>
          <h1>${doc.info.title} <small>${doc.info.version}</small></h1>
          ${prose(doc.info.description)}
          <dl>
            <dt>Machine-readable</dt>
            <dd><a href="${json}">${json}</a> (OpenAPI 3.1)</dd>
            ${(doc.servers ?? []).map(
              (s) =>
                html`<dt>Server</dt>
                  <dd><code>${s.url}</code>${s.description ? html`: ${s.description}` : ''}</dd>`,
            )}
            ${
              license
                ? html`<dt>License</dt>
                    <dd>${license.url ? html`<a href="${license.url}">${license.name}</a>` : license.name}</dd>`
                : ''
            }
            ${
              contact
                ? html`<dt>Contact</dt>
                    <dd>
                      ${contact.name ?? ''} ${contact.url ? html`<a href="${contact.url}">${contact.url}</a>` : ''}
                      ${contact.email ? html`<a href="mailto:${contact.email}">${contact.email}</a>` : ''}
                    </dd>`
                : ''
            }
          </dl>
        </header>
        <nav aria-labelledby="contents-h">
          <h2 id="contents-h">Contents</h2>
          <ul>
            ${signIn ? html`<li><a href="#sign-in">Sign-in</a></li>` : ''}
            ${groups.map(
              (g) =>
                html`<li>
                  <a href="#${tagAnchor(g.name)}">${g.name}</a>
                  <ul>
                    ${g.ops.map((o) => operationItem(o))}
                  </ul>
                </li>`,
            )}
            ${kinds.length ? html`<li><a href="#components">Components</a></li>` : ''}
          </ul>
        </nav>
        <main>
          ${signIn ? signInSection(signIn) : ''}
          ${groups.map(
            (g) =>
              html`<section id="${tagAnchor(g.name)}" aria-labelledby="${tagAnchor(g.name)}-h">
                <h2 id="${tagAnchor(g.name)}-h">${g.name}</h2>
                ${prose(g.description)} ${g.ops.map(({ path, method, op }) => operation(doc, path, method, op))}
              </section>`,
          )}
          ${kinds.length ? components(kinds) : ''}
        </main>
      </body>
    </html>`;
}
