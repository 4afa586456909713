import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { getSetCookies, Headers, request } from 'undici';
import type { App } from '../../api/src/app.js';

// The contract run (npm run test:contract, API_CONTRACT_PROXY=1): the API tests' app.inject
// calls go over HTTP through Prism's validating proxy, driven by the app's own OpenAPI
// document, and an answer that contradicts the document fails the test that asked.

const here = path.dirname(fileURLToPath(import.meta.url));
const PRISM = path.resolve(here, '../../node_modules/.bin/prism');

export const contractProxyEnabled = () => process.env.API_CONTRACT_PROXY === '1';

/** The app trusts the proxy's address, so a test's client address reaches it (X-Forwarded-For). */
export const CONTRACT_PROXY_ENV = { TRUST_PROXY: '127.0.0.1' };

interface Operation {
  security?: Record<string, string[]>[];
  responses?: Record<string, { content?: Record<string, unknown> }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, { type: string; in?: string; name?: string }> };
}

/** The operation the document declares for a request, matched as Prism's router does. */
function operationFor(document: OpenApiDocument, method: string, pathname: string) {
  const exact = document.paths[pathname];
  if (exact) return exact[method.toLowerCase()];
  for (const [template, operations] of Object.entries(document.paths)) {
    const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
    if (new RegExp(`^${pattern}$`).test(pathname)) return operations[method.toLowerCase()];
  }
  return undefined;
}

/** Whether the request carries a credential of a scheme the operation accepts (as Prism checks). */
function carriesCredential(document: OpenApiDocument, operation: Operation, headers: Headers) {
  const schemes = document.components?.securitySchemes ?? {};
  const requirements = operation.security ?? [];
  if (requirements.length === 0) return true;
  return requirements.some((requirement) =>
    Object.keys(requirement).every((name) => {
      const scheme = schemes[name];
      if (scheme?.type === 'http') return /^Bearer\s.+$/.test(headers.get('authorization') ?? '');
      if (scheme?.in === 'cookie') {
        return new RegExp(`${scheme.name}=.+`).test(headers.get('cookie') ?? '');
      }
      return false;
    }),
  );
}

/**
 * Requests Prism cannot carry faithfully go straight to the app, each for its reason:
 * - preflights (OPTIONS): Prism answers CORS preflights itself, and its router knows no OPTIONS;
 * - downloads (an operation declaring any answer that is not JSON: documents, ZIP, CSV, PDF):
 *   Prism decodes the bytes as text and writes them back altered;
 * - multipart uploads and streamed bodies: Prism reads a non-JSON body as text (corrupting a
 *   binary file) and refuses bodies over 10 MB;
 * - requests without the credential their operation needs: Prism refuses them itself (401)
 *   without asking the app, so the app's own refusal would not be the one tested;
 * - a JSON body that is not a JSON object or list: Prism parses the body and sends it on
 *   re-serialized (a string loses its quotes) or, malformed, never answers;
 * - an X-Forwarded-For of the test's own without a client address: the app trusts Prism's
 *   (CONTRACT_PROXY_ENV), so it would believe the header a test sends to show it is ignored;
 * - routes the document does not describe (pages, /api/docs itself, routes a test adds).
 */
function goesStraightToApp(
  document: OpenApiDocument,
  options: InjectOptions,
  method: string,
  url: URL,
  { headers, body }: { headers: Headers; body?: string | Buffer },
): boolean {
  if (method === 'OPTIONS') return true;
  if (headers.has('x-forwarded-for') && !options.remoteAddress) return true;
  const contentType = headers.get('content-type') ?? '';
  const payload = options.payload ?? options.body;
  if (/^multipart\//.test(contentType) || payload instanceof Readable) return true;
  if (/json/.test(contentType) && typeof body === 'string' && !isJsonObjectOrList(body)) {
    return true;
  }
  const operation = operationFor(document, method, url.pathname);
  if (!operation) return true;
  const declaresFile = Object.values(operation.responses ?? {}).some((answer) =>
    Object.keys(answer.content ?? {}).some((type) => !/json/.test(type)),
  );
  return declaresFile || !carriesCredential(document, operation, headers);
}

function isJsonObjectOrList(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null;
  } catch {
    return false;
  }
}

/** The request's body and headers as light-my-request would send them. */
function encodeRequest(options: InjectOptions): { headers: Headers; body?: string | Buffer } {
  const headers = new Headers();
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (value !== undefined)
      headers.set(name, Array.isArray(value) ? value.join(', ') : `${value}`);
  }
  // Through Prism every request comes from 127.0.0.1: the client address a test chose travels
  // as a proxy would send it, after any X-Forwarded-For of the test's own.
  if (options.remoteAddress) headers.append('x-forwarded-for', options.remoteAddress);
  if (options.cookies) {
    const pairs = Object.entries(options.cookies).map(([name, value]) => `${name}=${value}`);
    headers.set('cookie', [headers.get('cookie'), ...pairs].filter(Boolean).join('; '));
  }
  const payload = options.payload ?? options.body;
  if (payload === undefined || payload === null || payload === '') return { headers };
  if (typeof payload === 'string' || Buffer.isBuffer(payload)) return { headers, body: payload };
  if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  return { headers, body: JSON.stringify(payload) };
}

/** Prism's answer to an answer that contradicts the document (or to a call it cannot route). */
function prismProblem(status: number, headers: Record<string, unknown>, text: string) {
  const contentType = String(headers['content-type'] ?? '');
  if (!contentType.startsWith('application/problem+json')) return undefined;
  const problem = JSON.parse(text) as { type?: string; title?: string; detail?: string };
  if (!problem.type?.startsWith('https://stoplight.io/prism/errors#')) return undefined;
  const violations = String(headers['sl-violations'] ?? '');
  return `${status} ${problem.title}: ${problem.detail ?? ''}\n${violations}`;
}

/** A light-my-request-like answer (the fields the tests read) from an HTTP answer. */
function asInjectResponse(
  statusCode: number,
  headers: Record<string, string | string[] | undefined>,
  rawPayload: Buffer,
) {
  const payload = rawPayload.toString();
  const cookieHeaders = new Headers();
  for (const value of [headers['set-cookie'] ?? []].flat())
    cookieHeaders.append('set-cookie', value);
  return {
    statusCode,
    headers,
    rawPayload,
    payload,
    body: payload,
    json: () => JSON.parse(payload),
    cookies: getSetCookies(cookieHeaders),
  } as unknown as LightMyRequestResponse;
}

export interface ContractProxy {
  close(): Promise<void>;
}

/** A loopback port nobody listens on now. */
async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

/** Resolves once something accepts connections on the port; rejects if the child exits first. */
async function listeningOn(port: number, child: ChildProcess, output: () => string) {
  let exitCode: number | null | undefined;
  child.once('exit', (code) => {
    exitCode = code;
  });
  const deadline = Date.now() + 60_000;
  const connects = async (): Promise<void> => {
    const connected = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('error', () => resolve(false));
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
    });
    if (connected) return;
    if (exitCode !== undefined) throw new Error(`Prism exited (${exitCode}):\n${output()}`);
    if (Date.now() > deadline) throw new Error(`Prism did not listen within 60 s:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    return connects();
  };
  await connects();
}

/** Starts Prism (logging only its own failures) in front of the listening app. */
async function startPrism(documentFile: string, upstream: string) {
  const port = await freePort();
  const child = spawn(
    PRISM,
    [
      'proxy',
      documentFile,
      upstream,
      '--errors',
      '--validate-request=false',
      '--cors=false',
      `--port=${port}`,
      '--host=127.0.0.1',
      '--multiprocess=false',
      '--verboseLevel=fatal',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  // A test worker that ends without closing the app leaves no proxy behind.
  const stop = () => child.kill();
  process.once('exit', stop);
  child.once('exit', () => process.off('exit', stop));
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-10_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  await listeningOn(port, child, () => output);
  return { child, address: `http://127.0.0.1:${port}` };
}

/**
 * Makes the app listen on a free loopback port, starts Prism's validating proxy in front of it
 * with the app's own document, and sends app.inject through it (or, for what Prism cannot
 * carry, straight to the app). Throws from inject on any answer Prism finds contradicting
 * the document.
 */
export async function routeInjectThroughContractProxy(app: App): Promise<ContractProxy> {
  // The integration API has a document of its own (/api/v1/openapi.json): its calls go
  // through a second proxy driven by it.
  const documents: [string, OpenApiDocument][] = [
    ['/api/v1/', (await app.inject({ url: '/api/v1/openapi.json' })).json() as OpenApiDocument],
    ['/', app.swagger() as unknown as OpenApiDocument],
  ];
  const folder = await mkdtemp(path.join(os.tmpdir(), 'backflow-contract-'));
  const upstream = await app.listen({ host: '127.0.0.1', port: 0 });
  const proxies: {
    prefix: string;
    document: OpenApiDocument;
    child: ChildProcess;
    address: string;
  }[] = [];
  try {
    for (const [index, [prefix, document]] of documents.entries()) {
      const documentFile = path.join(folder, `openapi-${index}.json`);
      await writeFile(documentFile, JSON.stringify(document));
      proxies.push({ prefix, document, ...(await startPrism(documentFile, upstream)) });
    }
  } catch (error) {
    for (const proxy of proxies) proxy.child.kill();
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
  const direct = app.inject.bind(app);
  const viaPrism = async (options: InjectOptions) => {
    const method = (options.method ?? 'GET').toUpperCase();
    const target = String(options.url ?? options.path ?? '/');
    const prism = proxies.find((proxy) => target.startsWith(proxy.prefix)) ?? proxies[1];
    if (!prism) return direct(options);
    const { document } = prism;
    const url = new URL(target, prism.address);
    for (const [name, value] of Object.entries((options.query ?? {}) as Record<string, string>)) {
      url.searchParams.append(name, value);
    }
    const encoded = encodeRequest(options);
    if (goesStraightToApp(document, options, method, url, encoded)) return direct(options);
    const { headers, body } = encoded;
    const answer = await request(url, {
      method: method as 'GET',
      headers: Object.fromEntries(headers),
      body,
      headersTimeout: 20_000,
    });
    const raw = Buffer.from(await answer.body.arrayBuffer());
    const problem = prismProblem(answer.statusCode, answer.headers, raw.toString());
    if (problem) {
      throw new Error(
        `The answer to ${method} ${url.pathname} contradicts the OpenAPI document:\n${problem}`,
      );
    }
    return asInjectResponse(answer.statusCode, answer.headers, raw);
  };
  Object.assign(app, {
    inject: (options?: InjectOptions | string) => {
      if (options === undefined) return direct();
      return viaPrism(typeof options === 'string' ? { url: options } : options);
    },
  });
  return {
    async close() {
      for (const proxy of proxies) proxy.child.kill();
      await rm(folder, { recursive: true, force: true });
    },
  };
}
