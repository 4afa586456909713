import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_CONFIRM_EMAIL_PATH,
  ACCOUNT_PATH,
  ACCOUNT_SIGN_IN_PATH,
  formPath,
  matchRoute,
  stepPath,
  testReportPath,
} from './site-routes.js';

describe('the public site addresses', () => {
  it.each([
    ['/', { name: 'landing' }],
    ['/form/Ab_c-1', { name: 'home', hash: 'Ab_c-1' }],
    ['/form/Ab_c-1/', { name: 'home', hash: 'Ab_c-1' }],
    ['/form/Ab_c-1/step/0', { name: 'step', hash: 'Ab_c-1', page: 0 }],
    ['/form/Ab_c-1/step/6/', { name: 'step', hash: 'Ab_c-1', page: 6 }],
    ['/form/Ab_c-1/thank-you', { name: 'thankYou', hash: 'Ab_c-1' }],
    ['/form/Ab_c-1/resume', { name: 'resume', hash: 'Ab_c-1' }],
    ['/form/Ab_c-1/status/T0k-en_', { name: 'status', hash: 'Ab_c-1', token: 'T0k-en_' }],
    ['/form/a%20b', { name: 'home', hash: 'a b' }],
    ['/form/%E0%A4%A', { name: 'home', hash: '%E0%A4%A' }],
    ['/account', { name: 'account' }],
    ['/account/', { name: 'account' }],
    ['/account/sign-in', { name: 'accountSignIn' }],
    ['/account/sign-in/', { name: 'accountSignIn' }],
    ['/account/confirm-email', { name: 'accountConfirmEmail' }],
    ['/account/confirm-email/', { name: 'accountConfirmEmail' }],
    ['/account/test', { name: 'testForm', key: null, step: 'form' }],
    ['/account/test/k-1', { name: 'testForm', key: 'k-1', step: 'form' }],
    ['/account/test/k-1/check/', { name: 'testForm', key: 'k-1', step: 'check' }],
  ])('%s', (path, route) => {
    expect(matchRoute(path)).toEqual(route);
  });

  it('gives a page that is not a number as NaN, for the wizard to replace', () => {
    expect(matchRoute('/form/abc/step/two')).toEqual({ name: 'step', hash: 'abc', page: NaN });
    expect(matchRoute('/form/abc/step/1e1')).toEqual({ name: 'step', hash: 'abc', page: NaN });
  });

  it.each([
    '/form',
    '/form/',
    '/forms/abc',
    '/form/abc/step',
    '/form/abc/step/1/more',
    '/form/abc/thanks',
    '/form/abc/status',
    '/form/abc/status/token/more',
    '/scadmin',
    '/anything',
    '/accounts',
    '/account/sign-in/more',
    '/account/confirm-email/more',
    '/account/other',
    '/account/test/k-1/other',
    '/account/test/k-1/check/more',
    '/form/abc/account',
  ])('does not know %s', (path) => {
    expect(matchRoute(path)).toEqual({ name: 'notFound' });
  });

  it('writes the addresses it reads back', () => {
    expect(formPath('a b')).toBe('/form/a%20b');
    expect(formPath('abc', 'step/3')).toBe('/form/abc/step/3');
    expect(matchRoute(formPath('a/b', 'thank-you'))).toEqual({ name: 'thankYou', hash: 'a/b' });
    expect(stepPath('abc', 3)).toBe('/form/abc/step/3');
    expect(matchRoute(stepPath('a/b', 0))).toEqual({ name: 'step', hash: 'a/b', page: 0 });
    expect(matchRoute(ACCOUNT_PATH)).toEqual({ name: 'account' });
    expect(matchRoute(ACCOUNT_SIGN_IN_PATH)).toEqual({ name: 'accountSignIn' });
    expect(matchRoute(ACCOUNT_CONFIRM_EMAIL_PATH)).toEqual({ name: 'accountConfirmEmail' });
    expect(matchRoute(testReportPath('a/b', 'check'))).toEqual({
      name: 'testForm',
      key: 'a/b',
      step: 'check',
    });
  });
});
