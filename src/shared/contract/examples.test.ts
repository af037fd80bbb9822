// Every operation has a real example of its request and of its success answer (examples.json,
// recorded from the embedded core by `npm run examples`), each one still valid for the schemas the
// declaration states, and /api/openapi.json shows them. A new endpoint without examples, or a schema
// change the recorded answers no longer fit, fails here: record them again.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { openApiDocument } from '../../worker/index';
import recorded from './examples.json';
import { declaredRoutes, type Described } from './index';

type Schema = z.ZodType;
interface Declaration extends Described {
  request?: { params?: Schema; query?: Schema; headers?: Schema; body?: { content: Record<string, { schema: Schema }> } };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
interface Example {
  request: { params?: object; query?: object; headers?: object; body?: unknown };
  response?: { status: number; body: unknown };
}
const examples: Record<string, Example | undefined> = recorded;
const routes = declaredRoutes().map(({ route }) => route as unknown as Declaration);

/** Why one declaration's example does not fit it, if it does not. */
function problems(route: Declaration, example: Example | undefined): string[] {
  if (!example) return ['no example'];
  const found: string[] = [];
  const { request = {}, responses } = route;
  for (const part of ['params', 'query', 'headers'] as const) {
    const schema = request[part];
    if (!schema) continue;
    const result = schema.safeParse(example.request[part] ?? {});
    if (!result.success) found.push(`request ${part}: ${result.error.message}`);
  }
  if (request.body) {
    if (example.request.body === undefined) found.push('no request body');
    for (const { schema } of Object.values(request.body.content)) {
      const result = schema.safeParse(example.request.body);
      if (!result.success) found.push(`request body: ${result.error.message}`);
    }
  }
  const success = Object.entries(responses).find(([status]) => /^2\d\d$/.test(status))?.[1];
  // A success with a body (every one but the live socket's 101) has its example, which parses.
  for (const { schema } of Object.values(success?.content ?? {})) {
    if (!example.response) found.push('no success answer');
    else if (!(example.response.status >= 200 && example.response.status < 300)) found.push(`answer status ${example.response.status}`);
    else {
      const result = schema.safeParse(example.response.body);
      if (!result.success) found.push(`answer: ${result.error.message}`);
    }
  }
  return found;
}

describe('the recorded examples of the contract', () => {
  it('exist for every operation and parse with its declared request and success schemas', () => {
    expect(routes.flatMap((route) => problems(route, examples[route.operationId]).map((p) => `${route.operationId}: ${p}`))).toEqual([]);
  });

  it('belong to declared operations only', () => {
    const ids = new Set(routes.map((r) => r.operationId));
    expect(Object.keys(examples).filter((id) => !ids.has(id))).toEqual([]);
  });

  it('are told apart from a missing or broken one', () => {
    const send = routes.find((r) => r.operationId === 'sendTransfer')!;
    const good = examples.sendTransfer!;
    expect(problems(send, good)).toEqual([]);
    expect(problems(send, undefined)).toEqual(['no example']);
    expect(problems(send, { ...good, request: { ...good.request, body: { ...(good.request.body as object), amount: 'lots' } } })).toHaveLength(1);
    expect(problems(send, { ...good, response: { status: 200, body: { data: {} } } })).toHaveLength(1);
    expect(problems(send, { request: good.request })).toEqual(['no success answer']);
  });

  it('are shown in /api/openapi.json: the body and success answer of a money call', () => {
    type Op = {
      requestBody: { content: Record<string, { example?: unknown }> };
      responses: Record<string, { content: Record<string, { example?: unknown }> }>;
    };
    const doc = openApiDocument() as unknown as { paths: Record<string, Record<string, Op>> };
    const op = doc.paths['/api/wallets/canton/send']!.post!;
    expect(op.requestBody.content['application/json']!.example).toEqual(examples.sendTransfer!.request.body);
    expect(op.responses['200']!.content['application/json']!.example).toEqual(examples.sendTransfer!.response!.body);
  });
});
