// The published contract is a valid OpenAPI 3.1 document. Node tier, not workerd: the
// validator compiles the official OAS 3.1 JSON schema with ajv, which workerd forbids (no eval).
// It checks the very document /api/openapi.json serves (openApiDocument() of the Worker's app).
// @vitest-environment node
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from './index';

async function validate(doc: unknown) {
  const validator = new Validator();
  // A copy: the validator may annotate what it is given, and the served document must stay as is.
  return { result: await validator.validate(structuredClone(doc) as Parameters<Validator['validate']>[0]), version: validator.version };
}

describe('the OpenAPI document of /api/openapi.json', () => {
  it('validates against the OpenAPI 3.1 schema', async () => {
    const { result, version } = await validate(openApiDocument());
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(version).toBe('3.1');
  });

  it('is refused once broken (a response without its description, an unknown parameter place)', async () => {
    type Op = { responses: Record<string, Record<string, unknown>>; parameters?: Record<string, unknown>[] };
    const copy = () => structuredClone(openApiDocument()) as unknown as { paths: Record<string, Record<string, Op>> };
    const broken = copy();
    const [path] = Object.keys(broken.paths);
    const op = Object.values(broken.paths[path!]!)[0]!;
    delete op.responses['200']!.description;
    expect((await validate(broken)).result.valid).toBe(false);

    const other = copy();
    const withParam = Object.values(other.paths)
      .flatMap((item) => Object.values(item))
      .find((o) => o.parameters?.length)!;
    withParam.parameters![0]!.in = 'body';
    expect((await validate(other)).result.valid).toBe(false);
  });

  it('publishes for the transaction filters from/to a pattern that refuses the days the server refuses', () => {
    type Param = { name: string; in: string; schema?: { pattern?: string } };
    const doc = openApiDocument() as unknown as { paths: Record<string, Record<string, { parameters?: Param[] }>> };
    const params = ['/api/transactions/account/{id}', '/api/transactions/account/{id}/export', '/api/transactions/wallet/{id}'].flatMap((path) =>
      doc.paths[path]!.get!.parameters!.filter((p) => p.in === 'query' && (p.name === 'from' || p.name === 'to')),
    );
    expect(params).toHaveLength(6);
    for (const p of params) {
      const pattern = new RegExp(p.schema!.pattern!, 'u');
      for (const day of ['0000-00-00', '1999-12-31', '3000-01-01', '9999-12-31', '2026-02-30', '2026-13-01', '2100-02-29'])
        expect(pattern.test(day), day).toBe(false);
      for (const day of ['2000-01-01', '2999-12-31', '2000-02-29', '2028-02-29', '2026-03-31']) expect(pattern.test(day), day).toBe(true);
    }
  });

  it("publishes the send's minimum amount (0.1 CC) in the body's schema: its description and minimum", () => {
    type Schema = { $ref?: string; description?: string; minimum?: number; anyOf?: Schema[]; properties?: Record<string, Schema> };
    const doc = openApiDocument() as unknown as {
      paths: Record<string, { post: { requestBody: { content: Record<string, { schema: Schema }> } } }>;
      components: { schemas: Record<string, Schema> };
    };
    // The body is a named component (SendBody): the operation refers to it.
    const ref = doc.paths['/api/wallets/canton/send']!.post.requestBody.content['application/json']!.schema.$ref!;
    expect(ref).toBe('#/components/schemas/SendBody');
    const amount = doc.components.schemas['SendBody']!.properties!.amount!;
    expect(amount.description).toMatch(/at least 0\.1 CC/);
    expect(amount.anyOf?.find((s) => (s as { type?: string }).type === 'number')?.minimum).toBe(0.1);
  });
  it('names every entity, request body and the error answer as a component, and each operation refers to them', () => {
    type Schema = { $ref?: string; type?: string; items?: Schema; properties?: Record<string, Schema> };
    type Op = { requestBody?: { content: Record<string, { schema: Schema }> }; responses: Record<string, { content?: Record<string, { schema: Schema }> }> };
    const doc = openApiDocument() as unknown as { paths: Record<string, Record<string, Op>>; components: { schemas: Record<string, Schema> } };
    const names = Object.keys(doc.components.schemas);
    for (const name of ['Account', 'AccountLink', 'Transaction', 'TransferOffer', 'Wallet', 'Ticket', 'FeatureRequest', 'Stock', 'SendBody', 'ErrorAnswer'])
      expect(names).toContain(name);
    for (const name of names) expect(name).toMatch(/^[A-Z][A-Za-z0-9]*$/);
    const isRef = (schema: Schema | undefined) => Boolean(schema?.$ref ?? schema?.items?.$ref);
    for (const [path, item] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(item)) {
        const where = `${method.toUpperCase()} ${path}`;
        const body = op.requestBody?.content['application/json']?.schema;
        if (body) expect(isRef(body), `${where} body`).toBe(true);
        const data = op.responses['200']?.content?.['application/json']?.schema.properties?.['data'];
        if (data) expect(isRef(data), `${where} data`).toBe(true);
      }
  });
});
