import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../api/src/errors.js';
import { isDatabaseUnavailable } from '../../api/src/plugins/errors.js';
import { CODES, MESSAGES } from '../../shared/codes.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    setup(app) {
      app.get('/api/test/crash', async () => {
        throw new Error('select password_hash from staff_accounts where email = $1');
      });
      app.get('/api/test/sql-crash', async (request) => {
        await request.em
          .getConnection()
          .execute("select * from no_such_table where email = 'secret@example.com'");
      });
      app.get('/api/test/app-error', async () => {
        throw new AppError(422, 'COMPANY ERRORS', {
          company_errors: { companyName: 'Field required.' },
        });
      });
      app.post('/api/test/echo', async (request) => request.body);
    },
  });
});
afterAll(() => t.close());

describe('the error handler', () => {
  it('answers a crash with a generic 500 that exposes nothing', async () => {
    const response = await t.app.inject({ url: '/api/test/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      code: 'INTERNAL ERROR',
      message: 'Something went wrong on our side. Please try again later.',
    });
    expect(response.body).not.toContain('password_hash');
  });

  it('never leaks SQL or its values, in the answer or in the logs', async () => {
    const response = await t.app.inject({ url: '/api/test/sql-crash' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toMatch(/no_such_table|secret@example\.com/);
    const logged = JSON.stringify(t.logs);
    expect(logged).not.toContain('secret@example.com');
    expect(logged).toContain('42P01');
  });

  it('answers an AppError with its code, status and message object', async () => {
    const response = await t.app.inject({ url: '/api/test/app-error' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'COMPANY ERRORS',
      message: { company_errors: { companyName: 'Field required.' } },
    });
  });

  it('answers malformed JSON with 400 and a readable message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'BAD REQUEST',
      message: 'The request could not be read. Please check it and try again.',
    });
  });

  it('refuses a JSON body over 1 MiB with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(1_100_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('PAYLOAD TOO LARGE');
  });
});

describe('a database that cannot be reached', () => {
  it('is recognised by its PostgreSQL state, its message, or the error it was wrapped around', () => {
    const withCode = (code: string) => Object.assign(new Error('failed'), { code });
    expect(isDatabaseUnavailable(withCode('57P01'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('08006'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('rollback failed', { cause: withCode('57P01') }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(withCode('22021'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('select 1 from nowhere'))).toBe(false);
  });

  it('answers an unexplained failure with 503 when the database does not answer', async () => {
    const down = await createTestApp({
      setup(app) {
        app.get('/api/test/odd-failure', async () => {
          throw new Error('Transaction rejected with non-error: undefined');
        });
      },
    });
    try {
      const before = await down.app.inject({ url: '/api/test/odd-failure' });
      expect(before.statusCode).toBe(500);
      await down.app.orm.close(true);
      const during = await down.app.inject({ url: '/api/test/odd-failure' });
      expect(during.statusCode).toBe(503);
      expect(during.json()).toEqual({ code: CODES.unavailable, message: MESSAGES.unavailable });
    } finally {
      await down.close().catch(() => {});
    }
  });
});
