import { describe, expect, it } from 'vitest';
import { SECTIONS, type Section, sectionsFor } from './sections';

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
      'Assemblies',
      'Locations',
      "Testers' Corrections",
      'Test Reports',
      'Find Users',
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
      'Assemblies',
      'Locations',
      "Testers' Corrections",
      'Test Reports',
      'Find Users',
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
