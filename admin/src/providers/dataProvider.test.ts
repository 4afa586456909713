import { describe, expect, it, vi } from 'vitest';
import { createDataProvider } from './dataProvider';
import type { HttpClient } from './httpClient';

const answering = (contentRange: string, rows: unknown[]): HttpClient =>
  vi.fn(async () => ({
    status: 200,
    headers: new Headers({ 'content-range': contentRange }),
    body: JSON.stringify(rows),
    json: rows,
  })) as unknown as HttpClient;

const rows = (count: number) => Array.from({ length: count }, (_, i) => ({ id: i + 1 }));
const params = (page: number) => ({
  pagination: { page, perPage: 25 },
  sort: { field: 'name', order: 'ASC' as const },
  filter: { q: 'water' },
});

describe('getList', () => {
  it('reads the total the server counted', async () => {
    const provider = createDataProvider(answering('organizations 0-24/40', rows(25)), vi.fn());
    const result = await provider.getList('organizations', params(1));
    expect(result.total).toBe(40);
    expect(result.pageInfo).toBeUndefined();
  });

  it('pages without a total the server did not count', async () => {
    const full = createDataProvider(answering('organizations 25-49/*', rows(25)), vi.fn());
    const middle = await full.getList('organizations', params(2));
    expect(middle.total).toBeUndefined();
    expect(middle.pageInfo).toEqual({ hasPreviousPage: true, hasNextPage: true });
    const last = createDataProvider(answering('organizations 0-9/*', rows(10)), vi.fn());
    const first = await last.getList('organizations', params(1));
    expect(first.pageInfo).toEqual({ hasPreviousPage: false, hasNextPage: false });
  });
});
