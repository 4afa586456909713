import { describe, expect, it } from 'vitest';
import { SECTIONS, type Section, sectionGroups, sectionsFor } from './sections';

const labels = (sections: readonly Section[]) => sections.map((section) => section.label);

const PROVIDER_ONLY = [
  'Add Organization',
  'Search/Edit Organization',
  'Certifications',
  'Credential Types',
  'Active Organizations',
  'Inactive Organizations',
  'Staff',
];

describe("the console's sections", () => {
  it("show the provider's Administrators every section but an organization's page", () => {
    const sections = sectionsFor({ kind: 'provider', role: 'administrator' });
    expect(labels(sections)).toEqual(
      labels(SECTIONS.filter((section) => section.label !== 'Organization')),
    );
    expect(sections).toEqual(SECTIONS.filter((section) => section.label !== 'Organization'));
  });

  it("show the provider's Viewers what they may read, with nothing of organizations' people", () => {
    expect(labels(sectionsFor({ kind: 'provider', role: 'viewer' }))).toEqual([
      'Home',
      'Search/Edit Organization',
      'Certifications',
      'Credential Types',
      'Active Organizations',
      'Inactive Organizations',
      'Reports',
      'Review Queue',
      'Expiring',
      'Find Users',
      'Assemblies',
      'Locations',
      "Testers' Corrections",
      'Test Reports',
      'Audit Log',
      'My Account',
    ]);
  });

  it("give an organization's Program manager their organization's page and Integrations, none of the provider's own", () => {
    const sections = sectionsFor(
      { kind: 'organization', role: 'program_manager', organizationId: 7 },
      'Springfield Water & Sewer',
    );
    expect(labels(sections)).toEqual([
      'Home',
      'Organization',
      'Reports',
      'Review Queue',
      'Expiring',
      'Find Users',
      'Assemblies',
      'Locations',
      "Testers' Corrections",
      'Test Reports',
      'Audit Log',
      'Integrations',
      'My Account',
    ]);
    // Linked as every organization link is: the name URL-encoded.
    expect(sections.find((section) => section.label === 'Organization')?.to).toBe(
      '/vieworedit/Springfield%20Water%20%26%20Sewer',
    );
    expect(sections.find((section) => section.label === 'Reports')?.description).toBe(
      "Generate your organization's registration reports, to download or send by email.",
    );
  });

  it("leave Integrations to an organization's Program managers", () => {
    for (const role of ['viewer', 'reviewer'] as const) {
      const shown = labels(sectionsFor({ kind: 'organization', role, organizationId: 7 }, 'Town'));
      expect(shown).not.toContain('Integrations');
      for (const label of PROVIDER_ONLY) expect(shown).not.toContain(label);
      expect(shown).toContain('Organization');
    }
  });

  it('offer nothing role-bound, and no organization page, until the person is known', () => {
    const shown = labels(sectionsFor(undefined));
    expect(shown).not.toContain('Staff');
    expect(shown).not.toContain('Integrations');
    expect(shown).not.toContain('Organization');
    expect(shown).toContain('Home');
  });
});

describe("the sidebar's groups", () => {
  it('hold each group together, once, in the order of the work', () => {
    const groups = sectionGroups(SECTIONS).map(({ group }) => group);
    expect(groups).toEqual([
      undefined,
      'organizations',
      'registrations',
      'field',
      'administration',
    ]);
  });

  it("keep the spec's seven sections in the spec's order", () => {
    const seven = [
      'Home',
      'Add Organization',
      'Search/Edit Organization',
      'Certifications',
      'Active Organizations',
      'Inactive Organizations',
      'Reports',
    ];
    expect(labels(SECTIONS).filter((label) => seven.includes(label))).toEqual(seven);
  });

  it("show an organization's people only the groups they have sections in", () => {
    const sections = sectionsFor(
      { kind: 'organization', role: 'reviewer', organizationId: 7 },
      'Town',
    );
    expect(
      sectionGroups(sections).map(({ group, sections: grouped }) => [group, labels(grouped)]),
    ).toEqual([
      [undefined, ['Home']],
      ['organizations', ['Organization']],
      ['registrations', ['Reports', 'Review Queue', 'Expiring', 'Find Users']],
      ['field', ['Assemblies', 'Locations', "Testers' Corrections", 'Test Reports']],
      ['administration', ['Audit Log', 'My Account']],
    ]);
  });
});
