import { describe, expect, it, vi } from 'vitest';
import { type Fetch, SignInError, signInCalls } from './signInCalls';

const answer = (status: number, json: unknown) =>
  vi.fn<Fetch>(async () => new Response(JSON.stringify(json), { status }));
const unreachable = () =>
  vi.fn<Fetch>(async () => {
    throw new TypeError('Failed to fetch');
  });

describe('password sign-in', () => {
  it('answers the token, or the two-step challenge', async () => {
    expect(await signInCalls(answer(200, { verified: 't' })).password('a@b.c', 'pw')).toEqual({
      token: 't',
    });
    const challenged = answer(200, { twoFactorRequired: true, challenge: 'c' });
    expect(await signInCalls(challenged).password('a@b.c', 'pw')).toEqual({ challenge: 'c' });
    expect(challenged.mock.calls[0]?.[0]).toBe('/api/sc/session/login');
    expect(JSON.parse(String(challenged.mock.calls[0]?.[1]?.body))).toEqual({
      email: 'a@b.c',
      password: 'pw',
    });
  });

  it.each([
    [answer(401, { message: 'Incorrect Email or Password' }), 'Incorrect Email or Password'],
    [unreachable(), 'An error occurred during login.'],
    [
      answer(429, {
        message: 'Too many sign-in attempts. Please wait a few minutes and try again.',
      }),
      'Too many sign-in attempts. Please wait a few minutes and try again.',
    ],
  ])('words a failed password login as the spec does', async (fetchImpl, message) => {
    const attempt = signInCalls(fetchImpl).password('a@b.c', 'pw');
    await expect(attempt).rejects.toBeInstanceOf(SignInError);
    await expect(attempt).rejects.toThrow(message);
  });
});

describe('Google sign-in', () => {
  it.each([
    [
      answer(403, { message: 'Unauthorized domain' }),
      'Unauthorized Domain. Please Sign In With A SwiftComply Email Only',
    ],
    [answer(401, { message: 'Invalid Google token' }), 'Google login failed'],
    [unreachable(), 'An error occurred during Google login.'],
    [
      answer(403, {
        message: 'Your account has no access yet. Ask an administrator to invite you.',
      }),
      'Your account has no access yet. Ask an administrator to invite you.',
    ],
  ])('words a failed Google login as the spec does', async (fetchImpl, message) => {
    await expect(signInCalls(fetchImpl).google('jwt')).rejects.toThrow(message);
    expect(fetchImpl.mock.calls[0]?.[0]).toBe('/api/sc/session/google-login');
    expect(JSON.parse(String(fetchImpl.mock.calls[0]?.[1]?.body))).toEqual({ token: 'jwt' });
  });
});

describe('two-step sign-in', () => {
  it('answers the token for a right code and the server words for a wrong one', async () => {
    expect(await signInCalls(answer(200, { verified: 't' })).twoFactor('c', '123456')).toBe('t');
    await expect(
      signInCalls(
        answer(401, { message: 'That code is not correct. Please try again.' }),
      ).twoFactor('c', '000000'),
    ).rejects.toThrow('That code is not correct. Please try again.');
  });
});
