import http from 'node:http';
import { type BenchContext, staffHeaders } from '../context.js';
import type { OrganizationRef } from '../fixtures.js';
import { peakRssGrowth, round } from '../harness.js';

// Case 5: report exports streamed to the client: the Users report (All Time) of the large
// organization every seeded person registered with, and its IE bundle (three CSVs and every
// uploaded document in a zip). Time to first byte, total time, bytes, the server's RSS growth.

const CASE = 'reports';

interface Download {
  status: number;
  firstByteMs: number;
  totalMs: number;
  bytes: number;
  lines: number;
}

/** POSTs and reads the whole answer, counting bytes and line ends as they arrive. */
function download(context: BenchContext, path: string, body: object): Promise<Download> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.request(
      `${context.server.baseUrl}${path}`,
      {
        method: 'POST',
        headers: {
          ...staffHeaders(context),
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
        timeout: 120_000,
      },
      (response) => {
        let firstByteMs = -1;
        let bytes = 0;
        let lines = 0;
        response.on('data', (chunk: Buffer) => {
          if (firstByteMs < 0) firstByteMs = performance.now() - started;
          bytes += chunk.length;
          for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            firstByteMs,
            totalMs: performance.now() - started,
            bytes,
            lines,
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`${path}: timed out`)));
    request.on('error', reject);
    request.end(payload);
  });
}

export async function reportsCase(
  context: BenchContext,
  organization: OrganizationRef,
  scale: string,
) {
  const { rows } = await context.db.query<{ n: number }>(
    'select count(*)::int as n from registrations where organization_id = $1',
    [organization.id],
  );
  const registrations = rows[0]?.n ?? 0;
  const reports = [
    { name: 'Users report', type: 'Users' },
    { name: 'IE bundle', type: 'Implementation Integration Files' },
  ];
  for (const report of reports) {
    const body = {
      orgId: organization.id,
      orgName: organization.name,
      range: 'All Time',
      deliveryMethod: 'Download',
      reportType: report.type,
    };
    const { result, growthMb } = await peakRssGrowth(context.server.pid, () =>
      download(context, `/api/sc/get/get_reports/${organization.id}`, body),
    );
    if (result.status !== 200) {
      context.recorder.fail(CASE, `${report.name}: HTTP ${result.status}`);
      continue;
    }
    // The Users CSV has a header line and one line per registration.
    if (report.type === 'Users' && result.lines !== registrations + 1) {
      context.recorder.fail(CASE, `Users report: ${result.lines - 1} rows for ${registrations}`);
    }
    const label = `${scale}, ${registrations} registrations`;
    const isUsers = report.type === 'Users';
    context.recorder.record({
      case: CASE,
      measure: `${report.name} first byte`,
      value: round(result.firstByteMs, 0),
      unit: 'ms',
      scale: label,
      target: isUsers ? { op: '<=', value: 300 } : undefined,
    });
    context.recorder.record({
      case: CASE,
      measure: `${report.name} total`,
      value: round(result.totalMs, 0),
      unit: 'ms',
      scale: label,
      target: isUsers ? { op: '<=', value: 3000 } : undefined,
    });
    context.recorder.record({
      case: CASE,
      measure: `${report.name} size`,
      value: round(result.bytes / 1_048_576, 1),
      unit: 'MB',
      scale: label,
    });
    context.recorder.record({
      case: CASE,
      measure: `${report.name} server RSS growth`,
      value: round(growthMb, 1),
      unit: 'MB',
      scale: label,
      target: { op: '<=', value: 100 },
    });
  }
}
