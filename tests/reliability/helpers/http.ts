import http from 'node:http';
import type { Readable } from 'node:stream';

// A small HTTP client over node:http (loopback only): status, headers, body and timing, with a
// hard deadline on every request so no test can hang on a server that stopped answering.

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Milliseconds from sending to the last byte. */
  ms: number;
  // biome-ignore lint/suspicious/noExplicitAny: test answers are inspected field by field
  json(): any;
}

export interface CallOptions {
  body?: unknown;
  /** A raw body (a stream or bytes) sent as is; `headers` must name its type. */
  raw?: Readable | Buffer;
  headers?: Record<string, string>;
  timeoutMs?: number;
  agent?: http.Agent;
}

/** Keep-alive connections for load runs: at most `sockets` at once. */
export function keepAliveAgent(sockets: number): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets: sockets, maxFreeSockets: sockets });
}

export function call(
  base: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Answer> {
  const url = new URL(path, base);
  if (url.hostname !== '127.0.0.1') throw new Error('reliability tests only call loopback');
  const json = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
  const headers: Record<string, string> = {
    ...(json ? { 'content-type': 'application/json', 'content-length': String(json.length) } : {}),
    ...options.headers,
  };
  const started = performance.now();
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request(
      url,
      { method, headers, agent: options.agent ?? false, timeout: options.timeoutMs ?? 30_000 },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body,
            ms: performance.now() - started,
            json: () => JSON.parse(body),
          });
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error(`${method} ${path} timed out`)));
    request.on('error', reject);
    if (json) request.end(json);
    else if (Buffer.isBuffer(options.raw)) request.end(options.raw);
    else if (options.raw) options.raw.pipe(request);
    else request.end();
  });
}

/** Percentile of a list of numbers (nearest rank). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, rank)] ?? 0;
}
