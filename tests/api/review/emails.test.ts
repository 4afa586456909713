import { beforeAll, describe, expect, it } from 'vitest';
import { type DecisionAddressees, decisionEmails } from '../../../api/src/modules/review/emails.js';
import { addCatalogue } from '../../../shared/i18n/catalogue.js';
import { es } from '../../../shared/i18n/es.js';

// The decision emails as staged: one to the registrant in their language, and the admins' copy
// once per language the admins registered in, never to the registrant twice.

// The server loads Spanish at start; this test builds the messages without a server.
beforeAll(() => addCatalogue('es', es));

const to: DecisionAddressees = {
  registrationId: 7,
  version: 3,
  person: { firstName: 'Ana', lastName: 'Ruiz', email: 'ana@example.org', language: 'es' },
  organization: { name: 'Springfield Water', homeBanner: '' },
  companyName: 'Ruiz Testing',
  admins: [
    { email: 'boss@example.org', language: 'en' },
    { email: 'jefa@example.org', language: 'es' },
    { email: 'ANA@example.org', language: 'es' },
    { email: 'chief@example.org', language: 'en' },
  ],
  links: {
    support: 'mailto:help@example.org',
    knowledgeBase: 'https://kb.example.org',
    account: 'https://registration.example.org/account',
  },
};

describe('decision emails', () => {
  it('writes the registrant in their language and each language group of admins in theirs', () => {
    const emails = decisionEmails({ kind: 'welcome' }, to);
    expect(emails.map((email) => [email.dedupeKey, email.recipients])).toEqual([
      ['review:7:3:person', ['ana@example.org']],
      ['review:7:3:admins:en', ['boss@example.org', 'chief@example.org']],
      ['review:7:3:admins:es', ['jefa@example.org']],
    ]);
    const [personal, english, spanish] = emails;
    expect(personal?.subject).toBe(
      'Bienvenido al programa de pruebas de contraflujo de Springfield Water',
    );
    expect(personal?.textBody).toContain('Hola, Ana:');
    expect(english?.subject).toBe('Welcome to the Springfield Water backflow testing program');
    expect(english?.textBody).toContain(
      'You receive this copy as an administrator of Ruiz Testing registered with Springfield Water.',
    );
    expect(spanish?.textBody).toContain('Recibe esta copia como administrador de Ruiz Testing');
    // Every message links to My registrations, where the record is kept current.
    for (const email of emails) {
      expect(email.textBody).toContain('https://registration.example.org/account');
    }
    expect(english?.textBody).toContain(
      'certifications and test kits current in My registrations: https://registration.example.org/account',
    );
  });

  it('gives the link only to the registrant, with its last day in their language', () => {
    const emails = decisionEmails(
      {
        kind: 'changes_requested',
        items: [
          {
            kind: 'testKit',
            fields: { first: 'SN-1', second: 'Watts', third: 'TK-9' },
            reason: 'expired',
            note: null,
          },
        ],
        statusLink: {
          url: 'https://forms.example.org/form/abc/status/xyz',
          expiresOn: '2026-12-25',
        },
      },
      { ...to, person: { ...to.person, language: 'en' } },
    );
    const [personal, english, spanish] = emails;
    expect(personal?.textBody).toContain('- Test kit SN-1 (Watts TK-9): Expired');
    expect(personal?.textBody).toContain('It works until December 25, 2026');
    expect(personal?.textBody).toContain('https://forms.example.org/form/abc/status/xyz');
    for (const copy of [english, spanish]) expect(copy?.textBody).not.toContain('/status/xyz');
    expect(spanish?.textBody).toContain('- Kit de prueba SN-1 (Watts TK-9): Vencido');
  });
});
