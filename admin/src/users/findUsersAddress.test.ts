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
});
