import { fetchUtils, HttpError } from 'react-admin';
import { tokenStore } from './tokenStore';

export interface HttpResponse {
  status: number;
  headers: Headers;
  body: string;
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers are narrowed by each caller.
  json: any;
}

/** fetchUtils.fetchJson's shape: resolves on 2xx, rejects with an HttpError (status, body) otherwise. */
export type HttpClient = (url: string, options?: fetchUtils.Options) => Promise<HttpResponse>;

/** Adds the stored token as a bearer token to every JSON call (unless the caller set one). */
export function createHttpClient(fetchJson: HttpClient = fetchUtils.fetchJson): HttpClient {
  return (url, options = {}) => {
    const headers = new Headers(options.headers ?? { Accept: 'application/json' });
    const token = tokenStore.get();
    if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
    return fetchJson(url, { ...options, headers });
  };
}

export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/** Fetches a binary answer with the token in a header (never in the URL). */
export type BlobClient = (url: string) => Promise<DownloadedFile>;

export function createBlobClient(
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): BlobClient {
  return async (url) => {
    const headers = new Headers();
    const token = tokenStore.get();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const response = await fetchImpl(url, { headers });
    if (!response.ok) {
      let body: { message?: string } | undefined;
      try {
        body = await response.json();
      } catch {
        body = undefined;
      }
      throw new HttpError(body?.message ?? response.statusText, response.status, body);
    }
    return {
      blob: await response.blob(),
      filename: filenameOf(response.headers.get('Content-Disposition')) ?? 'document',
    };
  };
}

/** The file name of a Content-Disposition header (RFC 6266 filename* first). */
export function filenameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (extended?.[1]) return decodeURIComponent(extended[1].trim());
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition);
  return plain?.[1]?.trim();
}

/** A call answered either with a file (a download) or with JSON (a message). */
export type FileOrJson =
  | { kind: 'file'; file: DownloadedFile }
  | { kind: 'json'; json: Record<string, unknown> };

/** How a long download is followed and stopped. */
export interface DownloadOptions {
  /** Called as the file arrives, with the bytes received so far. */
  onProgress?(received: number): void;
  /** Aborting it cancels the download (the call then rejects with an AbortError). */
  signal?: AbortSignal;
}

/** POSTs JSON with the token in a header; the answer is a file or JSON, told by its type. */
export type FilePoster = (
  url: string,
  body: unknown,
  options?: DownloadOptions,
) => Promise<FileOrJson>;

/** Reads a streamed answer chunk by chunk, telling how much has arrived. */
async function receive(response: Response, onProgress?: (received: number) => void) {
  const type = response.headers.get('Content-Type') ?? '';
  if (!response.body) return response.blob();
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = response.body.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    chunks.push(next.value);
    received += next.value.byteLength;
    onProgress?.(received);
  }
  return new Blob(chunks as BlobPart[], { type });
}

export function createFilePoster(
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): FilePoster {
  return async (url, body, options = {}) => {
    const headers = new Headers({ 'Content-Type': 'application/json', Accept: '*/*' });
    const token = tokenStore.get();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const response = await fetchImpl(url, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: options.signal,
    });
    const isJson = (response.headers.get('Content-Type') ?? '').includes('application/json');
    const json = isJson ? await response.json().catch(() => undefined) : undefined;
    if (!response.ok)
      throw new HttpError(json?.message ?? response.statusText, response.status, json);
    if (isJson) return { kind: 'json', json: json ?? {} };
    return {
      kind: 'file',
      file: {
        blob: await receive(response, options.onProgress),
        filename: filenameOf(response.headers.get('Content-Disposition')) ?? 'report',
      },
    };
  };
}
