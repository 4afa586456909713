import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A small round-robin load balancer in front of the app instances, as nginx or Caddy would be:
// each request goes to the next instance; one whose port refuses a connection (killed, not yet
// restarted) is tried again only after a second, and the request goes to another. A request
// cut off by an instance dying under it is answered 502. It adds the client's address to
// X-Forwarded-For, which the instances trust (TRUST_PROXY).

export interface RoundRobinProxy {
  url: string;
  /** Requests each upstream port answered. */
  answeredBy: Map<number, number>;
  close(): Promise<void>;
}

export async function startRoundRobinProxy(upstreams: number[]): Promise<RoundRobinProxy> {
  // Idle connections are closed well before the instances close them (KEEP_ALIVE_TIMEOUT_MS,
  // 5 s), as load balancers are set up, so a request never races an instance closing its end.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64, timeout: 1_000 });
  const answeredBy = new Map<number, number>(upstreams.map((port) => [port, 0]));
  const downUntil = new Map<number, number>();
  let next = 0;
  /** The next instance in turn that was not refusing lately and that this request has not tried. */
  const pick = (tried: Set<number>): number | undefined => {
    const now = performance.now();
    for (let step = 0; step < upstreams.length; step++) {
      const port = upstreams[next++ % upstreams.length] as number;
      if (!tried.has(port) && (downUntil.get(port) ?? 0) <= now) return port;
    }
    return upstreams.find((port) => !tried.has(port));
  };

  const forward = (
    incoming: http.IncomingMessage,
    body: Buffer,
    outgoing: http.ServerResponse,
    tried: Set<number>,
  ) => {
    const port = pick(tried);
    if (port === undefined) {
      outgoing.writeHead(502, { 'content-type': 'text/plain' }).end('Bad Gateway');
      return;
    }
    tried.add(port);
    const forwardedFor = [incoming.headers['x-forwarded-for'], incoming.socket.remoteAddress]
      .filter(Boolean)
      .join(', ');
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, 'x-forwarded-for': forwardedFor },
        agent,
      },
      (response) => {
        answeredBy.set(port, (answeredBy.get(port) ?? 0) + 1);
        outgoing.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(outgoing);
        response.on('error', () => outgoing.destroy());
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      // Never reached the instance: safe to try another, whatever the method.
      if (error.code === 'ECONNREFUSED') {
        downUntil.set(port, performance.now() + 1_000);
        forward(incoming, body, outgoing, tried);
      } else if (!outgoing.headersSent) {
        outgoing.writeHead(502, { 'content-type': 'text/plain' }).end('Bad Gateway');
      } else {
        outgoing.destroy();
      }
    });
    request.end(body);
  };

  const server = http.createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => forward(incoming, Buffer.concat(chunks), outgoing, new Set()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    answeredBy,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
