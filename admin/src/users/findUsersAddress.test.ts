import { describe, expect, it } from 'vitest';
import { findUsersQueryOf, findUsersSearch, usersFilterOf } from './findUsersAddress';

describe("Find Users' address", () => {
  it('carries the page, the organization and the name as the spec names them', () => {
    const query = { page: 3, organizationId: '42', name: 'Ann Lee' };
    const search = findUsersSearch(query);
    expect(search).toBe('?page=3&org=42&name=Ann+Lee');
    expect(findUsersQueryOf(search)).toEqual(query);
  });

  it('reads a bare or damaged address as page 1 of every organization', () => {
    expect(findUsersQueryOf('')).toEqual({ page: 1, organizationId: '', name: '' });
    expect(findUsersQueryOf('?page=-2').page).toBe(1);
    expect(findUsersQueryOf('?page=abc').page).toBe(1);
    expect(findUsersSearch({ page: 1, organizationId: '', name: '' })).toBe('?page=1');
  });

  it('filters the users resource by the organization and the name searched', () => {
    expect(usersFilterOf({ page: 2, organizationId: '42', name: 'lee' })).toEqual({
      organization: '42',
      q: 'lee',
    });
    expect(usersFilterOf({ page: 1, organizationId: '', name: '' })).toEqual({});
  });

  it("carries a standing with an organization only, and filters the organization's people by it", () => {
    const query = { page: 1, organizationId: '42', name: '', standing: 'suspended' as const };
    expect(findUsersSearch(query)).toBe('?page=1&org=42&standing=suspended');
    expect(findUsersQueryOf('?page=1&org=42&standing=suspended')).toEqual(query);
    expect(usersFilterOf(query)).toEqual({ organization: '42', standing: 'suspended' });
    expect(findUsersQueryOf('?page=1&standing=suspended').standing).toBeUndefined();
    expect(findUsersQueryOf('?page=1&org=42&standing=gone').standing).toBeUndefined();
    expect(findUsersSearch({ ...query, organizationId: '' })).toBe('?page=1');
  });
});
