import { buildApp } from '../api/src/app.js';
import { loadConfig } from '../api/src/config.js';

// The server under test, in its own process so the load generator does not share its event
// loop. It adds one bare route, the baseline: the same stack doing nothing. Its job worker is
// off unless BENCH_JOB_WORKER=true (the email case's sender).
const config = loadConfig({
  ...process.env,
  // The webhooks case's receiver is on this machine, which production refuses as an endpoint.
  NODE_ENV: process.env.WEBHOOK_ALLOW_LOCAL === 'true' ? 'test' : 'production',
  LOG_LEVEL: 'silent',
  JOBS: process.env.BENCH_JOB_WORKER === 'true' ? 'true' : 'false',
  PORT: '0',
});
const app = await buildApp(config);
app.get('/api/bench/baseline', async () => ({ code: 'SUCCESS', message: 'baseline' }));
await app.ready();
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.stdout.write(
  `${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`,
);
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
