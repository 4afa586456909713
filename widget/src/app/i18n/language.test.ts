// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { translate } from '../../../../shared/i18n/catalogue.js';
import { navigate } from '../history.js';
import { chooseLanguage, currentLanguage, initialLanguage } from './language.js';

afterEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('the language the site opens in', () => {
  it('comes from the address, then the embed option, then an earlier choice, then the browser', () => {
    localStorage.setItem('backflow.language', 'es');
    expect(initialLanguage('?lang=en&embedLang=es', ['es'])).toBe('en');
    expect(initialLanguage('?embedLang=en', ['es'])).toBe('en');
    expect(initialLanguage('', ['en-US'])).toBe('es');
    localStorage.clear();
    expect(initialLanguage('', ['fr-FR', 'es-MX', 'en'])).toBe('es');
    expect(initialLanguage('?lang=de', ['de-DE'])).toBe('en');
  });
});

describe('the language switch', () => {
  it('loads Spanish, marks the page, remembers the choice and keeps it in the address', async () => {
    window.history.replaceState(null, '', '/form/abc?embed=x');
    await chooseLanguage('es');
    expect(currentLanguage()).toBe('es');
    expect(document.documentElement.lang).toBe('es');
    expect(localStorage.getItem('backflow.language')).toBe('es');
    expect(new URL(window.location.href).searchParams.get('lang')).toBe('es');
    expect(translate('es', 'wizard.next')).toBe('Siguiente');
    navigate('/form/abc/step/0');
    expect(`${window.location.pathname}${window.location.search}`).toBe('/form/abc/step/0?lang=es');
    await chooseLanguage('en');
    expect(document.documentElement.lang).toBe('en');
  });
});
