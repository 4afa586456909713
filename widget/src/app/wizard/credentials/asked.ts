import type { TCredentialRequirementInfo } from '../../../../../shared/credentials.js';
import type { TOrgInfo } from '../../../../../shared/registration.js';
import type { TCredentialHolder } from '../../../../../shared/requirements.js';

// What the organization asks of credentials (issue 27), read from its public info without the
// shared zod rules, so the wizard's pages can tell without loading them. Most organizations ask
// for none: then nothing here shows.

type TAsking = Pick<TOrgInfo, 'credential_requirements'>;

/** The credential types the organization asks of the company or of each tester. */
export function askedCredentials(
  org: TAsking,
  holder: TCredentialHolder,
): TCredentialRequirementInfo[] {
  return (org.credential_requirements ?? []).filter((requirement) => requirement.holder === holder);
}

/** Whether the organization asks for company credentials (their page is then shown). */
export const asksCompanyCredentials = (org: TAsking) => askedCredentials(org, 'company').length > 0;

/** A credential type's name by its id, as error labels name a credential's block. */
export function credentialNames(org: TAsking): (typeId: string) => string {
  return (typeId) =>
    org.credential_requirements?.find((requirement) => String(requirement.id) === typeId)?.name ??
    typeId;
}
