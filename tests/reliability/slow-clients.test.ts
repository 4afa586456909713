import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';

// Clients that trickle: headers a byte at a time, a body that never ends, a connection that
// says nothing. Each must lose its connection within the configured time-outs (plus the
// server's check interval), so a handful of slow clients cannot hold the server's sockets.

const HEADERS_MS = 1_000;
const REQUEST_MS = 3_000;
const KEEP_ALIVE_MS = 1_000;
/** Node checks header and request deadlines on a timer; allow one period of it. */
const CHECK_SLACK_MS = 1_500;

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      HEADERS_TIMEOUT_MS: String(HEADERS_MS),
      REQUEST_TIMEOUT_MS: String(REQUEST_MS),
      KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_MS),
    },
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(() => t.close());

interface Held {
  /** How long the server kept the connection open, ms. */
  heldMs: number;
  /** Whatever the server wrote before closing. */
  answer: string;
}

/**
 * Opens a connection, sends `start`, then one byte of `trickle` every `everyMs` until the
 * server closes the connection or `giveUpMs` passes (then the test has failed).
 */
function trickle(start: string, trickleBytes: string, everyMs: number, giveUpMs: number) {
  return new Promise<Held>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const opened = performance.now();
    const received: Buffer[] = [];
    let position = 0;
    let timer: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server still held the connection after ${giveUpMs} ms`));
    }, giveUpMs);
    socket.on('connect', () => {
      if (start) socket.write(start);
      if (trickleBytes) {
        timer = setInterval(() => {
          if (socket.writable) socket.write(trickleBytes[position++ % trickleBytes.length] ?? 'x');
        }, everyMs);
      }
    });
    socket.on('data', (chunk) => received.push(chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({
        heldMs: performance.now() - opened,
        answer: Buffer.concat(received).toString('latin1'),
      });
    });
  });
}

describe('slow clients', () => {
  it('loses a connection that trickles its headers, after the headers time-out', async () => {
    const held = await trickle(
      'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n',
      'X-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
      50,
      REQUEST_MS + 10_000,
    );
    expect(held.heldMs).toBeGreaterThanOrEqual(HEADERS_MS - 50);
    expect(held.heldMs).toBeLessThan(HEADERS_MS + CHECK_SLACK_MS);
    expect(held.answer).toMatch(/^HTTP\/1\.1 408|^$/);
  });

  it('loses a connection that opens and sends nothing', async () => {
    const held = await trickle('', '', 0, REQUEST_MS + 10_000);
    expect(held.heldMs).toBeLessThan(HEADERS_MS + CHECK_SLACK_MS);
  });

  it('loses a request whose body trickles in, after the request time-out', async () => {
    const held = await trickle(
      'POST /api/tr/validate/admins HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        'Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"adminInfo":"',
      'a',
      50,
      REQUEST_MS + 10_000,
    );
    expect(held.heldMs).toBeGreaterThanOrEqual(REQUEST_MS - 50);
    expect(held.heldMs).toBeLessThan(REQUEST_MS + CHECK_SLACK_MS);
    expect(held.answer).toMatch(/^HTTP\/1\.1 408|^$/);
  });

  it('loses an upload whose file trickles in, after the request time-out, keeping nothing', async () => {
    const boundary = 'slowboundary';
    const held = await trickle(
      `POST /api/uploads/docUpload HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 5000000\r\n\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n` +
        'Content-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n',
      '\x00',
      50,
      REQUEST_MS + 10_000,
    );
    expect(held.heldMs).toBeLessThan(REQUEST_MS + CHECK_SLACK_MS);
    const documents = await t.app.orm.em.fork().getConnection().execute('select 1 from documents');
    expect(documents).toHaveLength(0);
  });

  it('closes an idle keep-alive connection after the keep-alive time-out', async () => {
    const held = await trickle(
      'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
      '',
      0,
      10_000,
    );
    expect(held.answer).toMatch(/^HTTP\/1\.1 200/);
    expect(held.heldMs).toBeLessThan(KEEP_ALIVE_MS + CHECK_SLACK_MS);
  });
});
