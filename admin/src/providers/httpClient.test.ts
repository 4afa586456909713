// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { createFilePoster } from './httpClient';

describe('the file poster', () => {
  it('reads a file as it arrives, telling how many bytes came, and keeps its name and type', async () => {
    const chunks = ['PK', 'zip-body-', 'end'].map((text) => new TextEncoder().encode(text));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });
    const fetchImpl = vi.fn<typeof fetch>(
      async () =>
        new Response(body, {
          headers: {
            'Content-Type': 'application/zip',
            'Content-Disposition': 'attachment; filename="City_ie_bundle.zip"',
          },
        }),
    );
    const progress: number[] = [];
    const answer = await createFilePoster(fetchImpl)(
      '/api/sc/get/get_reports/1',
      { reportType: 'Implementation Integration Files' },
      { onProgress: (received) => progress.push(received) },
    );
    expect(progress).toEqual([2, 11, 14]);
    if (answer.kind !== 'file') throw new Error('expected a file');
    expect(answer.file.filename).toBe('City_ie_bundle.zip');
    expect(answer.file.blob.type).toBe('application/zip');
    expect(await answer.file.blob.text()).toBe('PKzip-body-end');
  });

  it('passes the cancel signal to the request', async () => {
    const fetchImpl = vi.fn<typeof fetch>(
      async () => new Response('{}', { headers: { 'Content-Type': 'application/json' } }),
    );
    const controller = new AbortController();
    await createFilePoster(fetchImpl)('/x', {}, { signal: controller.signal });
    expect(fetchImpl.mock.calls[0]?.[1]?.signal).toBe(controller.signal);
  });
});
