import { describe, expect, it } from 'vitest';
import { keptFiles } from './field-worker.config.js';

// The test form's worker keeps the code of My registrations and the test form only: never the
// wizard's, the status page's or any other page's.

const manifest = {
  'index.html': {
    file: 'assets/index-a.js',
    imports: ['_site-a.js'],
    dynamicImports: ['src/app/wizard/WizardRoute.tsx', 'src/app/test-form/TestFormRoute.tsx'],
  },
  '_site-a.js': { file: 'assets/site-a.js', css: ['assets/site-a.css'] },
  'src/app/wizard/WizardRoute.tsx': { file: 'assets/WizardRoute-a.js', imports: ['_fields-a.js'] },
  '_fields-a.js': { file: 'assets/fields-a.js' },
  'src/app/account/AccountRoute.tsx': {
    file: 'assets/AccountRoute-a.js',
    imports: ['_site-a.js', '_fields-a.js'],
    dynamicImports: ['src/app/account/changes/AccountChanges.tsx'],
  },
  'src/app/account/changes/AccountChanges.tsx': { file: 'assets/AccountChanges-a.js' },
  'src/app/test-form/TestFormRoute.tsx': {
    file: 'assets/TestFormRoute-a.js',
    css: ['assets/TestFormRoute-a.css'],
    imports: ['_words-a.js'],
    dynamicImports: ['src/app/test-form/ReportPage.tsx'],
  },
  'src/app/test-form/ReportPage.tsx': {
    file: 'assets/ReportPage-a.js',
    imports: ['_registration-a.js'],
  },
  '_registration-a.js': { file: 'assets/registration-a.js' },
  '_words-a.js': { file: 'assets/words-a.js', dynamicImports: ['../shared/i18n/field-es.ts'] },
  '../shared/i18n/field-es.ts': { file: 'assets/field-es-a.js' },
  '../shared/i18n/es.ts': { file: 'assets/es-a.js' },
};

describe("the test form worker's precache list", () => {
  it("keeps the entry, My registrations', the test form's and the Spanish words, and nothing else", () => {
    expect([...keptFiles(manifest)].sort()).toEqual([
      'assets/AccountRoute-a.js',
      'assets/ReportPage-a.js',
      'assets/TestFormRoute-a.css',
      'assets/TestFormRoute-a.js',
      'assets/es-a.js',
      'assets/field-es-a.js',
      'assets/fields-a.js',
      'assets/index-a.js',
      'assets/registration-a.js',
      'assets/site-a.css',
      'assets/site-a.js',
      'assets/words-a.js',
    ]);
  });
});
