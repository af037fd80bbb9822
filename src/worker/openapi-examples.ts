// Attaches the recorded examples (src/shared/contract/examples.json, written by `npm run examples`
// from the embedded core's real answers) to the OpenAPI document: each parameter's `example`, the
// request body's and the success answer's media type `example`, matched by operationId.
import recorded from '../shared/contract/examples.json';

interface Example {
  request: { params?: Record<string, unknown>; query?: Record<string, unknown>; headers?: Record<string, unknown>; body?: unknown };
  response?: { status: number; body: unknown };
}
type Media = Record<string, { example?: unknown }>;
interface Operation {
  operationId?: string;
  parameters?: { name: string; in: string; example?: unknown }[];
  requestBody?: { content?: Media };
  responses?: Record<string, { content?: Media }>;
}

const EXAMPLES: Record<string, Example | undefined> = recorded;
const PLACES = { path: 'params', query: 'query', header: 'headers' } as const;

function attach(op: Operation) {
  const example = op.operationId ? EXAMPLES[op.operationId] : undefined;
  if (!example) return;
  for (const param of op.parameters ?? []) {
    const value = example.request[PLACES[param.in as keyof typeof PLACES]]?.[param.name];
    if (value !== undefined) param.example = value;
  }
  for (const media of Object.values(op.requestBody?.content ?? {})) media.example = example.request.body;
  if (!example.response) return;
  // The answer's own status when the document declares it, else the operation's first 2xx.
  const statuses = Object.keys(op.responses ?? {});
  const status = statuses.find((s) => s === String(example.response!.status)) ?? statuses.find((s) => s.startsWith('2'));
  for (const media of Object.values((status && op.responses?.[status]?.content) || {})) media.example = example.response.body;
}

/** The document with every operation's recorded examples attached (in place; answers it). */
export function withExamples<T>(doc: T): T {
  for (const item of Object.values((doc as { paths?: Record<string, Record<string, Operation>> }).paths ?? {})) {
    for (const op of Object.values(item)) attach(op);
  }
  return doc;
}
