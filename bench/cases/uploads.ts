import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import type { BenchContext } from '../context.js';
import type { OrganizationRef } from '../fixtures.js';
import { peakRssGrowth, round } from '../harness.js';

// Case 6: 20 simultaneous document uploads just under the 10,000,000-byte limit, streamed from
// disk: total throughput and how much the server's memory grows (it should stream to storage,
// never hold a file).

const CASE = 'uploads';
const CONCURRENT = 20;

/** A PDF-looking file of `size` bytes (file-type recognizes it by its first bytes). */
async function makePdf(file: string, size: number) {
  const head = Buffer.from('%PDF-1.4\n');
  const tail = Buffer.from('\n%%EOF\n');
  const filler = randomBytes(size - head.length - tail.length);
  await writeFile(file, Buffer.concat([head, filler, tail]));
}

function upload(
  context: BenchContext,
  organization: OrganizationRef,
  file: string,
  size: number,
): Promise<number> {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="orgHash"\r\n\r\n${organization.hash}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="calibration.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${context.server.baseUrl}/api/uploads/docUpload`,
      {
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + size + tail.length,
        },
        timeout: 120_000,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('upload timed out')));
    request.on('error', reject);
    request.write(head);
    const content = createReadStream(file, { highWaterMark: 256 * 1024 });
    content.on('error', reject);
    content.on('end', () => request.end(tail));
    content.pipe(request, { end: false });
  });
}

export async function uploadsCase(context: BenchContext, organization: OrganizationRef) {
  const size = context.quick ? 1_000_000 : 9_990_000;
  const file = path.join(context.workDir, 'upload.pdf');
  await makePdf(file, size);
  const started = performance.now();
  const { result: statuses, growthMb } = await peakRssGrowth(context.server.pid, () =>
    Promise.all(
      Array.from({ length: CONCURRENT }, () => upload(context, organization, file, size)),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  const refused = statuses.filter((status) => status !== 200);
  if (refused.length) context.recorder.fail(CASE, `answers ${refused.join(', ')}`);
  const scale = `${CONCURRENT} × ${round(size / 1_000_000, 2)} MB`;
  context.recorder.record({
    case: CASE,
    measure: 'throughput',
    value: round((CONCURRENT * size) / 1_000_000 / seconds, 1),
    unit: 'MB/s',
    scale,
  });
  context.recorder.record({
    case: CASE,
    measure: 'total time',
    value: round(seconds * 1000, 0),
    unit: 'ms',
    scale,
  });
  context.recorder.record({
    case: CASE,
    measure: 'server RSS growth',
    value: round(growthMb, 1),
    unit: 'MB',
    scale,
    target: { op: '<=', value: 100 },
  });
}
