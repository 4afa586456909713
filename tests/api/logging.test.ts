import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggableUrl } from '../../api/src/logging.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

describe('loggableUrl', () => {
  it('masks registration-link hashes and drops query strings', () => {
    expect(loggableUrl('/form/AbC123_-xyz')).toBe('/form/[hash]');
    expect(loggableUrl('/form/AbC123/step')).toBe('/form/[hash]/step');
    expect(loggableUrl('/api/tr/get/orginfo/AbC123')).toBe('/api/tr/get/orginfo/[hash]');
    expect(loggableUrl('/api/admin/users?filter={"q":"ann@example.com"}')).toBe(
      '/api/admin/users?[query]',
    );
    expect(loggableUrl('/api/health')).toBe('/api/health');
  });

  it("masks a registrant's status-link token with its form's hash", () => {
    expect(loggableUrl('/form/AbC123/status/Tok_en-9')).toBe('/form/[hash]/status/[token]');
    expect(loggableUrl('/api/tr/status/AbC123/Tok_en-9')).toBe('/api/tr/status/[hash]/[token]');
  });
});

describe('request logs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('log each request with its id but never the form hash or search text', async () => {
    const hash = 'SentinelHash9f8e7d6c5b4a';
    const response = await t.app.inject({ url: `/form/${hash}?email=sentinel@example.com` });
    const requestId = response.headers['x-request-id'];
    const lines = t.logs.filter((line) => line.requestId === requestId);
    expect(lines.length).toBeGreaterThan(0);
    const text = JSON.stringify(t.logs);
    expect(text).not.toContain(hash);
    expect(text).not.toContain('sentinel@example.com');
  });

  it('log one line per request, when it completes, with its method, path, status and time', async () => {
    const response = await t.app.inject({ url: '/api/tr/get/orginfo/SentinelHash1a2b3c4d5e6f' });
    const requestId = response.headers['x-request-id'];
    const lines = t.logs.filter((line) => line.requestId === requestId);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/api/tr/get/orginfo/[hash]' },
      res: { statusCode: response.statusCode },
      responseTime: expect.any(Number),
    });
  });

  it('log a status link call without its token', async () => {
    const token = 'SentinelToken0123456789abcdefghijklmnopqrstu';
    const response = await t.app.inject({ url: `/api/tr/status/SentinelHash77/${token}` });
    expect(response.statusCode).toBe(404);
    const text = JSON.stringify(t.logs);
    expect(text).not.toContain(token);
    expect(text).not.toContain('SentinelHash77');
  });

  it('redact personal fields in logged objects', async () => {
    t.app.log.info(
      { body: { userEmail: 'person@example.com', password: 'hunter2hunter2' } },
      'probe',
    );
    const probe = t.logs.find((line) => line.msg === 'probe');
    expect(JSON.stringify(probe)).not.toMatch(/person@example\.com|hunter2/);
  });
});
