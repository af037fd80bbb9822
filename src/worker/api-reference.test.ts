// The reference page's renderer on a synthetic OpenAPI 3.1 document that uses every feature the page
// shows (tags, servers, license, contact, operation ids, summaries, parameters, bodies and answers by
// $ref, examples, statuses with error codes and headers, security, x- extensions, components), and
// on the two served documents: every in-page link lands on an element, headings never skip a level.
import { describe, expect, it } from 'vitest';
import { referencePage, type OpenApiDoc } from './api-reference';
import { authOpenApiDocument } from './auth-openapi';
import { openApiDocument } from './index';

const errorSchema = (codes: string[]) => ({ allOf: [{ $ref: '#/components/schemas/ErrorAnswer' }, { properties: { code: { enum: codes } } }] });

const SYNTHETIC: OpenApiDoc = {
  info: {
    title: 'Widgets API',
    version: '2.0.0',
    description: 'Widgets for `everyone`.\n\n1. Sign in.\n2. Call **with** the token.\n\nSee [the terms](/terms) <script>alert(1)</script>',
    license: { name: 'MIT', url: 'https://opensource.org/license/mit' },
    contact: { name: 'Widget team', url: 'https://widgets.example/help', email: 'api@widgets.example' },
  },
  servers: [{ url: 'https://widgets.example/api', description: 'Production' }],
  security: [{ bearer: [] }],
  tags: [
    { name: 'Widgets', description: 'Make and keep widgets.' },
    { name: 'Health', description: 'Is it up?' },
  ],
  paths: {
    '/widgets/{id}': {
      put: {
        operationId: 'putWidget',
        summary: 'Replace a widget',
        description: 'Replaces the widget `id` names.',
        tags: ['Widgets'],
        parameters: [
          { name: 'id', in: 'path', required: true, description: 'The widget id', schema: { type: 'string', format: 'uuid' } },
          { $ref: '#/components/parameters/IdempotencyKey' },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/Widget' },
              examples: { small: { summary: 'A small widget', value: { size: 'small-widget-example' } } },
            },
          },
        },
        responses: {
          '200': {
            description: 'The widget',
            headers: { 'idempotent-replayed': { $ref: '#/components/headers/IdempotentReplayed' } },
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Widget' }, example: { size: 'answer-example-size' } } },
          },
          '409': { description: 'Taken', content: { 'application/json': { schema: errorSchema(['widget_taken', 'widget_locked']) } } },
          '429': {
            description: 'Too many',
            headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } },
            content: { 'application/json': { schema: errorSchema(['rate_limited']) } },
          },
        },
        'x-rate-limit': { limit: 10, windowSeconds: 60 },
      },
    },
    '/health': { get: { operationId: 'health', summary: 'Health', tags: ['Health'], security: [], responses: { '200': { description: 'Up' } } } },
    '/misc': { delete: { summary: 'An untagged call', responses: { '204': { description: 'Gone' } } } },
  },
  components: {
    schemas: {
      Widget: { type: 'object', description: 'A widget.', properties: { size: { type: 'string' } } },
      ErrorAnswer: { type: 'object', properties: { message: { type: 'string' }, code: { type: 'string' } } },
    },
    parameters: {
      IdempotencyKey: { name: 'Idempotency-Key', in: 'header', required: false, description: 'Replays the first answer', schema: { type: 'string' } },
    },
    headers: { IdempotentReplayed: { description: 'The answer is a replay', schema: { const: 'true' } } },
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
  },
};

const SIGN_IN: OpenApiDoc = {
  info: { title: 'Widgets sign-in', version: '1.0.0', description: 'Send `POST /otp` first.' },
  paths: { '/otp': { post: { summary: 'Send a code', responses: { '200': { description: 'Sent' } } } } },
};

async function render(doc: OpenApiDoc, signIn?: Parameters<typeof referencePage>[2]) {
  const text = String(await referencePage(doc, '/api/widgets.json', signIn));
  return { text, page: new DOMParser().parseFromString(text, 'text/html') };
}

const operation = (page: Document, id: string) => page.getElementById(id)!;
const rowOf = (table: Element, header: string) => [...table.querySelectorAll('tbody tr')].find((tr) => tr.querySelector('th')?.textContent?.trim() === header)!;

/** Every `#anchor` link lands on an element, and headings go down one level at a time. */
function expectSoundStructure(page: Document) {
  const ids = new Set([...page.querySelectorAll('[id]')].map((e) => e.id));
  const broken = [...page.querySelectorAll('a[href^="#"]')].map((a) => decodeURIComponent(a.getAttribute('href')!.slice(1))).filter((id) => !ids.has(id));
  expect(broken).toEqual([]);
  const levels = [...page.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1]));
  expect(levels.filter((l) => l === 1)).toHaveLength(1);
  levels.forEach((level, i) => i > 0 && expect(level, `heading ${i}`).toBeLessThanOrEqual(levels[i - 1]! + 1));
}

describe('the reference page renderer', () => {
  it('shows the header: title, version, description with lists and code, servers, license, contact and the JSON link, escaping HTML', async () => {
    const { text, page } = await render(SYNTHETIC);
    expect(page.querySelector('h1')!.textContent).toContain('Widgets API');
    expect(page.querySelector('h1 small')!.textContent).toBe('2.0.0');
    const header = page.querySelector('header')!;
    expect(header.querySelector('code')!.textContent).toBe('everyone');
    expect([...header.querySelectorAll('ol li')].map((li) => li.textContent)).toEqual(['Sign in.', 'Call with the token.']);
    expect(header.querySelector('a[href="/terms"]')!.textContent).toBe('the terms');
    expect(header.textContent).toContain('https://widgets.example/api');
    expect(header.querySelector('a[href="https://opensource.org/license/mit"]')!.textContent).toBe('MIT');
    expect(header.textContent).toContain('Widget team');
    expect(header.querySelector('a[href="mailto:api@widgets.example"]')).not.toBeNull();
    expect(header.querySelector('a[href="/api/widgets.json"]')).not.toBeNull();
    expect(text).not.toMatch(/<script|<style|style=/i);
    expect(text).toContain('&lt;script&gt;');
  });

  it('makes each tag a section with its description, in the declared order, the untagged last', async () => {
    const { page } = await render(SYNTHETIC);
    const sections = [...page.querySelectorAll('main > section')].map((s) => s.querySelector('h2')!.textContent);
    expect(sections).toEqual(['Widgets', 'Health', 'Operations', 'Components']);
    expect(page.getElementById('tag-Widgets')!.textContent).toContain('Make and keep widgets.');
    expect(page.getElementById('tag-Widgets')!.querySelector('h3 code')!.textContent).toBe('PUT /widgets/{id}');
  });

  it("shows an operation's id, summary, description, security and x- extensions", async () => {
    const { page } = await render(SYNTHETIC);
    const op = operation(page, 'put-/widgets/{id}');
    expect(op.textContent).toContain('putWidget');
    expect(op.querySelector('strong')!.textContent).toBe('Replace a widget');
    expect(op.textContent).toContain('Replaces the widget id names.');
    expect(op.querySelector('a[href="#securitySchemes-bearer"]')).not.toBeNull();
    const ext = [...op.querySelectorAll('dt')].find((dt) => dt.textContent === 'x-rate-limit')!;
    expect(JSON.parse(ext.nextElementSibling!.textContent)).toEqual({ limit: 10, windowSeconds: 60 });
    expect(operation(page, 'get-/health').textContent).toContain('Security: none (open).');
  });

  it('lists parameters in a table with headers, a $ref parameter resolved', async () => {
    const { page } = await render(SYNTHETIC);
    const table = operation(page, 'put-/widgets/{id}').querySelector('table')!;
    expect([...table.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['Name', 'In', 'Required', 'Schema', 'Description']);
    expect(rowOf(table, 'id').textContent).toContain('The widget id');
    expect(rowOf(table, 'id').querySelectorAll('td')[1]!.textContent).toBe('yes');
    expect(rowOf(table, 'Idempotency-Key').textContent).toContain('Replays the first answer');
  });

  it('shows the request body and answers with named schemas linked to the components section, and their examples', async () => {
    const { page } = await render(SYNTHETIC);
    const op = operation(page, 'put-/widgets/{id}');
    const links = [...op.querySelectorAll('a[href="#schemas-Widget"]')];
    expect(links.length).toBe(2);
    expect(links[0]!.textContent).toBe('#/components/schemas/Widget');
    expect(page.getElementById('schemas-Widget')!.tagName).toBe('H4');
    expect(page.getElementById('components')!.textContent).toContain('A widget.');
    expect(op.textContent).toContain('small-widget-example');
    expect(op.textContent).toContain('A small widget');
    expect(op.textContent).toContain('answer-example-size');
  });

  it('lists every declared status with its description, error codes and headers', async () => {
    const { page } = await render(SYNTHETIC);
    const table = operation(page, 'put-/widgets/{id}').querySelectorAll('table')[1]!;
    expect([...table.querySelectorAll('tbody th')].map((th) => th.textContent)).toEqual(['200', '409', '429']);
    expect(rowOf(table, '409').querySelectorAll('td')[1]!.textContent).toBe('widget_taken, widget_locked');
    expect(rowOf(table, '429').textContent).toContain('Retry-After');
    expect(rowOf(table, '429').textContent).toContain('Seconds to wait');
    expect(rowOf(table, '200').textContent).toContain('idempotent-replayed');
    expect(rowOf(table, '200').textContent).toContain('The answer is a replay');
  });

  it('links the sign-in: a Sign-in section with its steps, its calls on their page and its document', async () => {
    const { page } = await render(SYNTHETIC, { doc: SIGN_IN, page: '/api/reference/auth', json: '/api/auth.json' });
    const section = page.getElementById('sign-in')!;
    expect(section.querySelector('h2')!.textContent).toBe('Sign-in');
    expect(section.textContent).toContain('Send POST /otp first.');
    expect(section.querySelector('a[href="/api/reference/auth#post-/otp"]')!.textContent).toBe('POST /otp');
    expect(section.querySelector('a[href="/api/auth.json"]')).not.toBeNull();
    expect(page.querySelector('nav a[href="#sign-in"]')).not.toBeNull();
  });

  it('keeps landmarks, one h1, no skipped heading level and no broken in-page link', async () => {
    const { page } = await render(SYNTHETIC, { doc: SIGN_IN, page: '/api/reference/auth', json: '/api/auth.json' });
    expect(page.querySelectorAll('header, nav, main')).toHaveLength(3);
    expectSoundStructure(page);
  });

  it('renders the served API and sign-in documents soundly: every operation a heading, every link landing', async () => {
    const api = openApiDocument() as unknown as OpenApiDoc;
    const signIn = authOpenApiDocument('', 'http://app.test') as unknown as OpenApiDoc;
    for (const [doc, extra] of [
      [api, { doc: signIn, page: '/api/reference/auth', json: '/api/auth-openapi.json' }],
      [signIn, undefined],
    ] as const) {
      const { page } = await render(doc, extra);
      expectSoundStructure(page);
      const headings = [...page.querySelectorAll('h3 code')].map((c) => c.textContent);
      for (const [path, item] of Object.entries(doc.paths!)) for (const m of Object.keys(item)) expect(headings).toContain(`${m.toUpperCase()} ${path}`);
    }
  }, 30_000); // parses and walks the whole page in a DOM: seconds on a loaded machine
});
