import type { AuthProvider } from 'react-admin';
import type { TAccountResponse } from '../../../shared/staff-responses';
import type { TStaffAccess } from '../../../shared/staff-roles';

// For the console's unit tests: a signed-in person, as /api/sc/account answers and as the
// authProvider hands them to the screens (permissions and identity).

/** An account acting as `access`, with an organization's person's organizations. */
export function accountFor(
  access: TStaffAccess,
  organizations: TAccountResponse['organizations'] = [],
): TAccountResponse {
  return {
    id: 5,
    email: 'person@city.example.gov',
    name: 'Pat Person',
    role: access.kind === 'provider' ? access.role : null,
    access,
    organizations,
    signInMethods: ['password'],
    hasPassword: true,
    twoFactorEnabled: false,
    twoFactorRequired: false,
    mustEnrollTwoFactor: false,
  };
}

/** An authProvider signed in as the account (the real one reads it from /api/sc/account). */
export function authProviderFor(account: TAccountResponse): AuthProvider {
  return {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => account.access,
    getIdentity: async () => ({
      id: account.id,
      fullName: account.name,
      access: account.access,
      organizations: account.organizations,
    }),
  };
}
