import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../codes.js';
import { addCatalogue, localizeMessage, type TKey, translate } from './catalogue.js';
import { en } from './en.js';
import { es } from './es.js';
import { FIELD_EN } from './field.js';
import { FIELD_ES } from './field-es.js';

addCatalogue('es', es);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

type TTree = { [key: string]: TTree | string | ((params: never) => string) };

/** Every entry of a catalogue as [dotted key, value]. */
function entries(tree: TTree, prefix = ''): [string, TTree[string]][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' ? entries(value, `${prefix}${key}.`) : [[`${prefix}${key}`, value]],
  );
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** The code that can show a text: the site, the server and the shared rules (not the catalogues). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(file);
    const isSource = /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name);
    return isSource && !/shared[\\/]i18n[\\/](en|es)(-\w+)?\.ts$/.test(file) ? [file] : [];
  });
}
const source = ['widget/src', 'api/src', 'shared']
  .flatMap((dir) => sourceFiles(path.join(root, dir)))
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');

// The site's catalogue and the field's (the test form's words, loaded only where tests are filed)
// keep the same rules.
const catalogues: [string, TTree, TTree][] = [
  ['the message catalogue', en as unknown as TTree, es as unknown as TTree],
  ['the field catalogue', FIELD_EN as unknown as TTree, FIELD_ES as unknown as TTree],
];

describe.each(catalogues)('%s', (_name, englishTree, spanishTree) => {
  const english = entries(englishTree);
  const spanish = entries(spanishTree);

  it('has the same keys in English and Spanish, each of the same kind and placeholders', () => {
    expect(spanish.map(([key]) => key)).toEqual(english.map(([key]) => key));
    const spanishByKey = new Map(spanish);
    for (const [key, value] of english) {
      const other = spanishByKey.get(key);
      expect(typeof other, key).toBe(typeof value);
      if (typeof value === 'string' && typeof other === 'string') {
        expect(placeholders(other), key).toEqual(placeholders(value));
      }
    }
  });

  it('is translated: no Spanish text is the English one, but for names and punctuation', () => {
    const same = new Set(['wizard.documentTitle', 'wizard.errorPrefix', 'labels.blockField']);
    // Values put together with punctuation alone ('{agency}, {type}: {number}', a list's
    // '- {type} ({facts}): {reason}') read alike.
    const valuesOnly = /^(- )?[(]?(\{\w+\}[\s.,:;()]*)+$/;
    const spanishByKey = new Map(spanish);
    for (const [key, value] of english) {
      if (typeof value !== 'string' || same.has(key) || valuesOnly.test(value)) continue;
      expect(spanishByKey.get(key), key).not.toBe(value);
    }
  });

  it('has no key that nothing uses, and nothing uses a key it lacks', () => {
    const unused = english
      .map(([key]) => key)
      .filter((key) =>
        key.startsWith('messages.')
          ? !source.includes(`MESSAGES.${key.slice('messages.'.length)}`) &&
            !source.includes(`'${key}'`)
          : !source.includes(`'${key}'`),
      );
    expect(unused).toEqual([]);
    const sections = Object.keys(englishTree).join('|');
    const used = [...source.matchAll(new RegExp(`'((?:${sections})\\.[\\w.]+)'`, 'g'))].map(
      (match) => match[1],
    );
    const known = new Set(english.map(([key]) => key));
    expect(used.filter((key) => !known.has(key ?? ''))).toEqual([]);
  });
});

describe('the message catalogue', () => {
  it('holds every public message in English exactly as MESSAGES words it', () => {
    for (const [key, value] of Object.entries(en.messages)) {
      expect(value).toBe(MESSAGES[key as keyof typeof MESSAGES]);
    }
  });

  it("keeps the spec's English words for the screens it names", () => {
    const t = (key: TKey, params = {}) => translate('en', key, params);
    expect([
      t('site.pageLoading'),
      t('site.uhOh'),
      t('site.unexpectedError'),
      t('org.title', { orgName: 'Springfield' }),
      t('org.getStarted'),
      t('info.registrationInfoHeading'),
      t('info.requirementsHeading'),
      t('info.adminUsersHeading'),
      t('info.testerUsersHeading'),
      t('userType.question'),
      t('userType.tester'),
      t('userType.admin'),
      t('userType.texasNote'),
      t('labels.companyAddress1'),
      t('labels.companyZip'),
      t('wizard.pleaseSelect'),
      t('labels.adminBlock', { number: 2 }),
      t('people.emailTooltip'),
      t('wizard.back'),
      t('wizard.next'),
      t('wizard.loading'),
      t('wizard.submit'),
      t('wizard.skip'),
      t('people.addAdmin'),
      t('people.addTester'),
      t('testKits.add'),
      t('people.addCertification'),
      t('people.removeTester'),
      t('people.removeCertification', { number: 2 }),
      t('testKits.remove'),
      t('people.removeAdmin'),
      t('review.print'),
      t('upload.upload'),
      t('upload.uploading'),
      t('upload.uploaded'),
      t('messages.serverUnreachable'),
    ]).toEqual([
      'Page Loading...',
      'Uh Oh',
      'Unexpected Application Error!',
      'Springfield Tester Registration',
      'Get Started',
      'Registration Info',
      'Requirements',
      'Admin Users',
      'Tester Users',
      'Are you registering as a tester or an admin?',
      'Tester',
      'Admin (I will be submitting tests for others)*',
      'Admin accounts are not allowed to submit tests for others in the state of Texas.',
      'Company Address',
      'Postal Code',
      'Please select',
      'Admin #2',
      'This must be a unique, individual email address. A unique email address is required for each tester or admin being registered.',
      'Back',
      'Next',
      'Loading...',
      'Submit',
      'Skip',
      'Add Another Admin',
      'Add Another Tester',
      'Add Another Test Kit',
      'Add Another Cert',
      'Remove This Tester',
      'Remove Cert #2',
      'Remove Test Kit',
      'Remove This Admin',
      'Print',
      'Upload',
      'Uploading...',
      'Uploaded',
      'There was a problem reaching our servers. Please try again later.',
    ]);
  });

  it('chooses singular and plural words by count in each language', () => {
    expect(translate('en', 'people.testersIntro', { count: 1 })).toContain('1 certification,');
    expect(translate('en', 'people.testersIntro', { count: 2 })).toContain('2 certifications,');
    expect(translate('es', 'people.testersIntro', { count: 1 })).toContain('1 certificación,');
    expect(translate('es', 'people.testersIntro', { count: 3 })).toContain('3 certificaciones,');
    expect(
      translate('es', 'emails.draftSaved.body', { orgName: 'X', link: 'L', days: 14 }),
    ).toContain('durante 14 días');
  });
});

describe('messages from the checks and the server', () => {
  it('are shown in the language of the moment, with their values, whichever language they came in', () => {
    const english = 'Each tester needs at least 2 certification(s).';
    const spanishText = 'Cada probador necesita al menos 2 certificación(es).';
    expect(localizeMessage(english, 'es')).toBe(spanishText);
    expect(localizeMessage(spanishText, 'en')).toBe(english);
    expect(localizeMessage(MESSAGES.fieldRequired, 'es')).toBe('Campo obligatorio.');
    expect(localizeMessage('Campo obligatorio.', 'es')).toBe('Campo obligatorio.');
  });

  it('leave any other text as it is', () => {
    expect(localizeMessage('Acme Backflow Testing', 'es')).toBe('Acme Backflow Testing');
  });
});
