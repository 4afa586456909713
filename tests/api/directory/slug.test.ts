import {
  CheckConstraintViolationException,
  UniqueConstraintViolationException,
} from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Organization } from '../../../api/src/db/entities/index.js';
import { uniqueDirectorySlug } from '../../../api/src/modules/directory/service.js';
import { slugFromName, slugRevealsFormHash } from '../../../shared/directory.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { makeOrganization, unique } from '../../helpers/fixtures.js';

// A directory's address: readable, from the organization's name, unique, and never the
// registration link's secret or a piece of it.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const em = () => t.app.orm.em.fork();

describe('a directory’s slug', () => {
  it('is given from the name: its words, accents dropped, lower case, joined by hyphens', () => {
    expect(slugFromName('Ciudad de Peñasco Water')).toBe('ciudad-de-penasco-water');
    expect(slugFromName("  St. Mary's  Water & Sewer -- Authority ")).toBe(
      'st-mary-s-water-sewer-authority',
    );
    expect(slugFromName('水道')).toBe('testers');
    expect(slugFromName('A'.repeat(90))).toHaveLength(60);
    expect(slugFromName(`${'word '.repeat(20)}`).length).toBeLessThanOrEqual(60);
  });

  it('is made unique with a number, leaving the organization’s own slug to itself', async () => {
    const tag = unique();
    const name = `Springfield ${tag} Water`;
    const base = `springfield-${tag}-water`;
    const first = await makeOrganization(em(), { name, directorySlug: base });
    expect(await uniqueDirectorySlug(em(), name, first.id)).toBe(base);
    expect(await uniqueDirectorySlug(em(), name, null)).toBe(`${base}-2`);
    await makeOrganization(em(), { name: `${name} Two`, directorySlug: `${base}-2` });
    expect(await uniqueDirectorySlug(em(), name, null)).toBe(`${base}-3`);
    // A slug staff typed is kept as typed when free (case aside).
    expect(await uniqueDirectorySlug(em(), `Testers-${tag}`, null)).toBe(`testers-${tag}`);
  });

  it('is unique in the database, and of lower-case words and hyphens only', async () => {
    const slug = `unique-${unique()}`;
    await makeOrganization(em(), { directorySlug: slug });
    await expect(makeOrganization(em(), { directorySlug: slug })).rejects.toBeInstanceOf(
      UniqueConstraintViolationException,
    );
    await expect(makeOrganization(em(), { directorySlug: 'Has Spaces' })).rejects.toBeInstanceOf(
      CheckConstraintViolationException,
    );
    // Published needs an address.
    await expect(
      makeOrganization(em(), { directoryEnabled: true, directorySlug: null }),
    ).rejects.toBeInstanceOf(CheckConstraintViolationException);
  });

  it('never is, holds or comes from the registration link’s hash', async () => {
    const organization = await makeOrganization(em(), { name: `Shelbyville ${unique()} Water` });
    const given = await uniqueDirectorySlug(em(), organization.name, organization.id);
    expect(given).toBe(slugFromName(organization.name));
    expect(slugRevealsFormHash(given, organization.formHash)).toBe(false);
    expect(given).not.toContain(organization.formHash.toLowerCase().slice(0, 8));
    // The hash pasted as a slug (it cannot be stored as it is: upper case, underscores).
    const pasted = organization.formHash.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    expect(slugRevealsFormHash(pasted, organization.formHash)).toBe(true);
    expect(slugRevealsFormHash(`water-${pasted.slice(5, 25)}`, organization.formHash)).toBe(true);
    await expect(
      em().nativeUpdate(
        Organization,
        { id: organization.id },
        { directorySlug: organization.formHash },
      ),
    ).rejects.toBeInstanceOf(CheckConstraintViolationException);
  });
});
