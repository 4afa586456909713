/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser.
import { gzipSync } from 'node:zlib';
import type { Browser, CDPSession, Page } from 'playwright-core';

// How a public first screen loads, seen from the browser: every request made before its first
// control is usable (scripts, styles, fonts, the calls it needs), their gzip sizes, and the
// longest chain of requests that each waited for the one before. The browser budget check
// (tests/e2e/budget.test.ts) holds these to the budgets, and `npm run bench` times the same
// loads on a throttled phone (bench/cases/frontend.ts).

/** The mobile profile of the budgets: 150 ms latency, 1.6 Mbps down, 750 kbps up, CPU 4× slower. */
export const MOBILE_PROFILE: ThrottleProfile = {
  latencyMs: 150,
  downloadBytesPerSecond: 1_600_000 / 8,
  uploadBytesPerSecond: 750_000 / 8,
  cpuSlowdown: 4,
};

export interface ThrottleProfile {
  latencyMs: number;
  downloadBytesPerSecond: number;
  uploadBytesPerSecond: number;
  cpuSlowdown: number;
}

/** The first control a person can use: an element matching the selector, with this text if given. */
export interface FirstControl {
  selector: string;
  text?: string;
}

export type TResourceKind = 'document' | 'script' | 'style' | 'font' | 'call' | 'other';

export interface LoadedResource {
  url: string;
  kind: TResourceKind;
  /** The response body gzipped (level 9), whatever encoding the server chose. */
  gzipBytes: number;
  /** 1 for the page itself, 2 for what it asked for, 3 for what those asked for, … */
  depth: number;
  /** The request this one waited for (its initiator), if any. */
  after?: string;
}

export interface FirstScreenLoad {
  /** performance.now() when the first control was there and enabled. */
  usableMs: number;
  /** The page's language then (its html element's lang). */
  language: string;
  /** Every request started before then. */
  resources: LoadedResource[];
  /** gzip bytes by kind, of those requests. */
  bytes: Record<TResourceKind, number>;
  /** The longest chain of requests, page first (its length is the round trips waited in turn). */
  chain: string[];
}

interface SeenRequest {
  id: string;
  url: string;
  kind: TResourceKind;
  wallMs: number;
  /** The browser's monotonic clock (seconds) when it was sent and when it finished. */
  sentAt: number;
  finishedAt?: number;
  initiatorUrl?: string;
  /** The browser's own requests (the page's icon) waited for nothing of the page's. */
  byBrowser: boolean;
}

const KIND_OF: Record<string, TResourceKind> = {
  Document: 'document',
  Script: 'script',
  Stylesheet: 'style',
  Font: 'font',
  Fetch: 'call',
  XHR: 'call',
};

/** What a request is; a call preloaded from the page's head reports the type Other. */
const kindOf = (type: string | undefined, url: string): TResourceKind =>
  KIND_OF[type ?? ''] ?? (new URL(url).pathname.startsWith('/api/') ? 'call' : 'other');

/**
 * The URL a request was made from: the parser's document or stylesheet, or the calling script.
 * Chromium names no script for a dynamic import() ("about:client"): undefined.
 */
function initiatorUrl(initiator: {
  url?: string;
  stack?: { callFrames: { url: string }[]; parent?: unknown };
}): string | undefined {
  if (initiator.url?.startsWith('http')) return initiator.url;
  let stack = initiator.stack as
    | { callFrames: { url: string }[]; parent?: typeof stack }
    | undefined;
  while (stack) {
    const frame = stack.callFrames.find((candidate) => candidate.url);
    if (frame) return frame.url;
    stack = stack.parent;
  }
  return undefined;
}

/** What the page's watcher logs the moment its first control is usable. */
const USABLE_MARK = 'first-control-usable';

/**
 * In the page, from before its first script: notes performance.now() (and the time origin) the
 * moment the control is there, shown and enabled, by watching every change to the document, so
 * the instant is the commit that made it and not a later frame; and not before the page's first
 * paint (a control the server wrote is in the document before its styles let it show). It tells
 * the test through the
 * console: polling from the test (waitForFunction) would first compile Playwright's own large
 * script on the page's main thread, which on the slowed CPU delayed the page it measured by
 * about 300 ms. A function, never a string: the pages' CSP forbids evaluating strings.
 */
const watchForControl = ({ control, mark }: { control: FirstControl; mark: string }) => {
  // No inner named functions: the page receives this function's source as written, and a
  // transpiler that keeps function names would add a helper the page does not have.
  const seen: { control?: number; paint?: number } = {};
  // Each observer tells this listener what it saw; whichever comes second reports.
  window.addEventListener(mark, () => {
    if (seen.control === undefined || seen.paint === undefined) return;
    console.debug(
      mark,
      JSON.stringify({
        now: Math.max(seen.control, seen.paint),
        origin: performance.timeOrigin,
        language: document.documentElement.lang,
      }),
    );
  });
  const observer = new MutationObserver(() => {
    const found = Array.from(document.querySelectorAll<HTMLElement>(control.selector)).some(
      (candidate) =>
        (control.text === undefined || candidate.textContent?.trim() === control.text) &&
        !(candidate as HTMLButtonElement).disabled &&
        candidate.getClientRects().length > 0,
    );
    if (!found) return;
    observer.disconnect();
    seen.control = performance.now();
    window.dispatchEvent(new Event(mark));
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true });
  new PerformanceObserver((list) => {
    const painted = list.getEntriesByName('first-contentful-paint')[0];
    if (!painted || seen.paint !== undefined) return;
    seen.paint = painted.startTime;
    window.dispatchEvent(new Event(mark));
  }).observe({ type: 'paint', buffered: true });
};

interface UsableMark {
  now: number;
  origin: number;
  language: string;
}

/** Opens the address in a fresh context (cold cache) and records its first screen's load. */
export async function loadFirstScreen(
  browser: Browser,
  url: string,
  control: FirstControl,
  options: { profile?: ThrottleProfile; locale?: string; timeoutMs?: number } = {},
): Promise<FirstScreenLoad> {
  const timeout = options.timeoutMs ?? 90_000;
  const context = await browser.newContext({
    viewport: options.profile ? { width: 390, height: 844 } : { width: 1280, height: 900 },
    ...(options.locale ? { locale: options.locale } : {}),
  });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(timeout);
    const cdp = await context.newCDPSession(page);
    if (options.profile) await throttle(cdp, options.profile);
    const requests = await watchRequests(cdp);
    const usableSeen = whenUsable(page, timeout);
    // Awaited below; a failed navigation must not leave it rejecting unobserved.
    usableSeen.catch(() => undefined);
    await page.addInitScript(watchForControl, { control, mark: USABLE_MARK });
    await page.goto(url, { waitUntil: 'commit' });
    const usable = await usableSeen;
    const usableWallMs = usable.origin + usable.now;
    const before = [...requests.values()].filter((request) => request.wallMs <= usableWallMs);
    // Bodies are read once each has arrived; a request still on its way counts when it lands.
    await waitForFinished(page, before);
    const resources = await describe(cdp, before);
    return { usableMs: usable.now, language: usable.language, resources, ...totals(resources) };
  } finally {
    await context.close();
  }
}

async function watchRequests(cdp: CDPSession) {
  const requests = new Map<string, SeenRequest>();
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.request.url.startsWith('data:') || requests.has(event.requestId)) return;
    requests.set(event.requestId, {
      id: event.requestId,
      url: event.request.url,
      kind: kindOf(event.type, event.request.url),
      wallMs: event.wallTime * 1000,
      sentAt: event.timestamp,
      initiatorUrl: initiatorUrl(event.initiator),
      byBrowser: event.initiator.type === 'other' && event.type !== 'Document',
    });
  });
  const finish = (event: { requestId: string; timestamp: number }) => {
    const request = requests.get(event.requestId);
    if (request) request.finishedAt = event.timestamp;
  };
  cdp.on('Network.loadingFinished', finish);
  cdp.on('Network.loadingFailed', finish);
  await cdp.send('Network.enable', { maxTotalBufferSize: 64_000_000 });
  return requests;
}

/** Slows the page's network and CPU to the profile's. */
export async function throttle(cdp: CDPSession, profile: ThrottleProfile) {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: profile.latencyMs,
    downloadThroughput: profile.downloadBytesPerSecond,
    uploadThroughput: profile.uploadBytesPerSecond,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
}

/** The watcher's console message, parsed; refused after `timeout` ms. */
function whenUsable(page: Page, timeout: number): Promise<UsableMark> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the first control was not usable within ${timeout} ms`)),
      timeout,
    );
    page.on('console', (message) => {
      const text = message.text();
      if (!text.startsWith(`${USABLE_MARK} `)) return;
      clearTimeout(timer);
      resolve(JSON.parse(text.slice(USABLE_MARK.length + 1)) as UsableMark);
    });
  });
}

async function waitForFinished(page: Page, requests: SeenRequest[]) {
  const deadline = Date.now() + 30_000;
  while (requests.some((request) => request.finishedAt === undefined) && Date.now() < deadline) {
    await page.waitForTimeout(50);
  }
}

/**
 * The request this one waited for: its initiator when the browser names it; for a dynamic
 * import() it does not, so the deepest script (or the page) that had arrived before it was sent,
 * which is what the import could have waited for.
 */
function parentOf(
  request: SeenRequest,
  requests: SeenRequest[],
  byUrl: Map<string, SeenRequest>,
  depth: (request: SeenRequest) => number,
): SeenRequest | undefined {
  if (request.kind === 'document' || request.byBrowser) return undefined;
  if (request.initiatorUrl) return byUrl.get(request.initiatorUrl);
  let best: SeenRequest | undefined;
  for (const candidate of requests) {
    const arrived = candidate.finishedAt !== undefined && candidate.finishedAt <= request.sentAt;
    if (!arrived || (candidate.kind !== 'script' && candidate.kind !== 'document')) continue;
    if (!best || depth(candidate) > depth(best)) best = candidate;
  }
  return best;
}

async function describe(cdp: CDPSession, requests: SeenRequest[]): Promise<LoadedResource[]> {
  const byUrl = new Map<string, SeenRequest>();
  for (const request of requests) if (!byUrl.has(request.url)) byUrl.set(request.url, request);
  const parents = new Map<string, SeenRequest | undefined>();
  const depths = new Map<string, number>();
  // In the order they were sent: a request's parent was sent before it.
  const inOrder = [...requests].sort((a, b) => a.sentAt - b.sentAt);
  const depth = (request: SeenRequest) => depths.get(request.id) ?? 1;
  for (const request of inOrder) {
    const parent = parentOf(request, inOrder, byUrl, depth);
    const usable = parent && parent !== request && depths.has(parent.id) ? parent : undefined;
    parents.set(request.id, usable);
    depths.set(request.id, usable ? depth(usable) + 1 : 1);
  }
  const resources: LoadedResource[] = [];
  for (const request of inOrder) {
    const parent = parents.get(request.id);
    resources.push({
      url: request.url,
      kind: request.kind,
      gzipBytes: await gzipBytes(cdp, request.id),
      depth: depth(request),
      ...(parent ? { after: parent.url } : {}),
    });
  }
  return resources;
}

async function gzipBytes(cdp: CDPSession, requestId: string): Promise<number> {
  try {
    const { body, base64Encoded } = await cdp.send('Network.getResponseBody', { requestId });
    return gzipSync(Buffer.from(body, base64Encoded ? 'base64' : 'utf8'), { level: 9 }).length;
  } catch {
    // No body (a redirect, a failed or cancelled request).
    return 0;
  }
}

function totals(resources: LoadedResource[]) {
  const bytes: Record<TResourceKind, number> = {
    document: 0,
    script: 0,
    style: 0,
    font: 0,
    call: 0,
    other: 0,
  };
  for (const resource of resources) bytes[resource.kind] += resource.gzipBytes;
  const deepest = resources.reduce<LoadedResource | undefined>(
    (best, resource) => (!best || resource.depth > best.depth ? resource : best),
    undefined,
  );
  const chain: string[] = [];
  for (let at = deepest; at; at = resources.find((resource) => resource.url === at?.after)) {
    chain.unshift(at.url);
    if (chain.length > resources.length) break;
  }
  return { bytes, chain };
}

/** "index-Ab12.js 80.6 KB (depth 2)" lines, for a failing budget's message and the bench log. */
export function describeLoad(load: FirstScreenLoad): string {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const name = (url: string) => {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  };
  return [
    `usable at ${Math.round(load.usableMs)} ms; scripts ${kb(load.bytes.script)}, styles ${kb(load.bytes.style)}, fonts ${kb(load.bytes.font)}; chain of ${load.chain.length}: ${load.chain.map(name).join(' → ')}`,
    ...load.resources.map(
      (resource) =>
        `  ${resource.kind.padEnd(8)} ${kb(resource.gzipBytes).padStart(9)}  depth ${resource.depth}  ${name(resource.url)}`,
    ),
  ].join('\n');
}
