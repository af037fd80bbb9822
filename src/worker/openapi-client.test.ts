// A client generated from the published document compiles: openapi-typescript writes the types of
// the very document /api/openapi.json serves, and a small usage file calls three operations with
// openapi-fetch through the named component types, compiled in-process with the TypeScript API. The
// second case renames a response field in the document and expects the same file to stop compiling,
// so the first case proves the types are read, not ignored.
// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from './index';

const USAGE = `
import createClient from 'openapi-fetch';
import type { components, paths } from './schema';

type Account = components['schemas']['Account'];
type TransactionDetail = components['schemas']['TransactionDetail'];
type TransferSent = components['schemas']['TransferSent'];
type ErrorAnswer = components['schemas']['ErrorAnswer'];

const client = createClient<paths>({ baseUrl: 'https://app.example', headers: { authorization: 'Bearer token' } });

export async function usage(): Promise<string[]> {
  const accounts = await client.GET('/api/accounts/user/accounts');
  const account: Account | undefined = accounts.data?.data.accounts[0]?.account;
  const name: string | undefined = account?.name;

  const detail = await client.GET('/api/transactions/{id}', { params: { path: { id: '00000000-0000-4000-8000-000000000000' } } });
  const transaction: TransactionDetail | undefined = detail.data?.data;

  const sent = await client.POST('/api/wallets/canton/send', {
    params: { header: { 'idempotency-key': 'one-key-per-intent' } },
    body: { account_id: 'acc', receiver_party: 'party::1220aa', amount: '1.5' },
  });
  const transfer: TransferSent | undefined = sent.data?.data;
  const refusal: ErrorAnswer | undefined = sent.error;

  return [name ?? '', transaction?.status ?? '', transfer?.transactionId ?? '', refusal?.code ?? ''];
}
`;

const nodeModules = fileURLToPath(new URL('../../node_modules/', import.meta.url));

/** The diagnostics of compiling the usage file against the types generated from `doc`. */
async function compile(doc: object): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'openapi-client-'));
  try {
    writeFileSync(join(dir, 'schema.d.ts'), astToString(await openapiTS(doc as Parameters<typeof openapiTS>[0])));
    writeFileSync(join(dir, 'usage.ts'), USAGE);
    const program = ts.createProgram([join(dir, 'usage.ts')], {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
      // The temporary folder has no node_modules of its own: openapi-fetch is the project's.
      paths: { 'openapi-fetch': [join(nodeModules, 'openapi-fetch')] },
    });
    return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('a client generated from /api/openapi.json with openapi-typescript and openapi-fetch', () => {
  it('compiles a usage file that calls three operations through the named component types', async () => {
    expect(await compile(openApiDocument())).toEqual([]);
  }, 20_000);

  it('stops compiling when a response field the usage file reads is renamed in the document', async () => {
    const doc = structuredClone(openApiDocument()) as unknown as {
      components: { schemas: Record<string, { properties: Record<string, unknown>; required: string[] }> };
    };
    const account = doc.components.schemas['Account']!;
    account.properties['title'] = account.properties['name'];
    delete account.properties['name'];
    account.required = account.required.map((key) => (key === 'name' ? 'title' : key));
    const errors = await compile(doc);
    expect(errors.join('\n')).toMatch(/Property 'name' does not exist/);
  }, 20_000);
});
