import { createOrm } from '../api/src/db/orm.js';
import { runComplianceNight } from '../api/src/modules/assembly-compliance/service.js';

// The night's compliance run as the server's job runs it, alone in this process so that its
// memory is its own: `node --import tsx bench/night-run.ts <database url> <day>` prints one line
// of JSON (the run's answer, its seconds, the process's RSS before and at its peak).

const [databaseUrl, today] = process.argv.slice(2);
if (!databaseUrl || !today) throw new Error('usage: night-run <database url> <day>');
const orm = await createOrm({ databaseUrl });
const rss = () => process.memoryUsage().rss / 1_000_000;
const baselineMb = rss();
let peakMb = baselineMb;
const sampler = setInterval(() => {
  peakMb = Math.max(peakMb, rss());
}, 50);
const started = performance.now();
const result = await runComplianceNight(orm.em.fork(), { today });
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
peakMb = Math.max(peakMb, rss());
await orm.close(true);
console.log(JSON.stringify({ ...result, seconds, baselineMb, peakMb }));
