// Reads an upstream answer's JSON body with a byte limit and a deadline: the body is streamed and the
// read stops (the stream is cancelled) as soon as it passes `maxBytes`, so a 20 MB answer costs at
// most `maxBytes` of memory; a body that stalls fails at the deadline instead of hanging the request.
export class UpstreamBodyError extends Error {
  constructor(readonly reason: 'body too large' | 'malformed JSON' | 'body timeout' | 'connection closed') {
    super(reason);
    this.name = 'UpstreamBodyError';
  }
}

export async function readJsonBody(res: Response, opts: { maxBytes: number; deadline: number }): Promise<unknown> {
  const declared = Number(res.headers.get('content-length') ?? '0');
  if (declared > opts.maxBytes) {
    await res.body?.cancel().catch(() => {});
    throw new UpstreamBodyError('body too large');
  }
  const text = await readText(res, opts);
  if (!text) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new UpstreamBodyError('malformed JSON');
  }
}

async function readText(res: Response, { maxBytes, deadline }: { maxBytes: number; deadline: number }): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new UpstreamBodyError('body timeout')), Math.max(0, deadline - Date.now()));
  });
  // The losing side of the race must never surface as an unhandled rejection.
  timeout.catch(() => {});
  try {
    for (;;) {
      let step: ReadableStreamReadResult<Uint8Array>;
      try {
        step = await Promise.race([reader.read(), timeout]);
      } catch (err) {
        if (err instanceof UpstreamBodyError) throw err;
        throw new UpstreamBodyError('connection closed');
      }
      if (step.done) break;
      size += step.value.byteLength;
      if (size > maxBytes) throw new UpstreamBodyError('body too large');
      chunks.push(step.value);
    }
  } catch (err) {
    reader.cancel().catch(() => {});
    throw err;
  } finally {
    clearTimeout(timer);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.byteLength;
  }
  return new TextDecoder().decode(all);
}
