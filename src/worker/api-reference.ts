// The readable API reference at GET /api/reference: plain semantic HTML generated from the OpenAPI
// document (no script, no style), so that the /api CSP (`default-src 'none'`) needs no exception.
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

type Json = Record<string, unknown>;
interface Doc {
  info: { title: string; version: string; description?: string };
  paths?: Record<string, Record<string, Json>>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** A JSON schema in one line, enough to read the shape (full detail lives in /api/openapi.json). */
function schemaText(schema: unknown): string {
  return JSON.stringify(schema ?? {});
}

function operation(path: string, method: string, op: Json): HtmlEscapedString | Promise<HtmlEscapedString> {
  const params = (op.parameters as { name: string; in: string; required?: boolean; schema?: unknown }[] | undefined) ?? [];
  const body = (op.requestBody as { content?: Record<string, { schema?: unknown }> } | undefined)?.content?.['application/json']?.schema;
  const responses = Object.entries((op.responses as Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>) ?? {});
  return html`<section id="${method}-${path}">
    <h3><code>${method.toUpperCase()} ${path}</code></h3>
    ${
      params.length
        ? html`<h4>Parameters</h4>
            <ul>
              ${params.map((p) => html`<li><code>${p.name}</code> (${p.in}${p.required ? ', required' : ''}): <code>${schemaText(p.schema)}</code></li>`)}
            </ul>`
        : ''
    }
    ${
      body
        ? html`<h4>Body (application/json)</h4>
            <pre>${JSON.stringify(body, null, 2)}</pre>`
        : ''
    }
    <h4>Responses</h4>
    <dl>
      ${responses.map(
        ([status, r]) =>
          html`<dt>${status}</dt>
            <dd>
              ${r.description ?? ''}
              <pre>${JSON.stringify(r.content?.['application/json']?.schema ?? {}, null, 2)}</pre>
            </dd>`,
      )}
    </dl>
  </section>`;
}

export function referencePage(doc: Doc) {
  const ops = Object.entries(doc.paths ?? {}).flatMap(([path, item]) => METHODS.filter((m) => item[m]).map((m) => ({ path, method: m, op: item[m]! })));
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
          <p>${doc.info.description ?? ''}</p>
          <p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>
        </header>
        <nav>
          <h2>Endpoints</h2>
          <ul>
            ${ops.map(
              ({ path, method }) =>
                html`<li>
                  <a href="#${method}-${path}"><code>${method.toUpperCase()} ${path}</code></a>
                </li>`,
            )}
          </ul>
        </nav>
        <main>
          <h2>Details</h2>
          ${ops.map(({ path, method, op }) => operation(path, method, op))}
        </main>
      </body>
    </html>`;
}
