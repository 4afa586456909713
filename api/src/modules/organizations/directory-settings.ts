import type { EntityManager } from '@mikro-orm/postgresql';
import { slugRevealsFormHash } from '../../../../shared/directory.js';
import {
  directoryUrl,
  ORGANIZATION_DIRECTORY_MESSAGES as MESSAGES,
} from '../../../../shared/organization-directory.js';
import { fieldError, isUniqueViolationOf } from '../../errors.js';
import { uniqueDirectorySlug } from '../directory/service.js';
import { directorySlugHolder } from './queries.js';
import type { OrganizationView } from './views.js';

// An organization's public directory as staff set it (issue 28): the address it is saved with.
// The listing itself is the directory module's.

/** What decides a directory's address when an organization is saved. */
export interface DirectoryAddressRequest {
  /** Null while the organization is being created. */
  organizationId: number | null;
  name: string;
  formHash: string;
  enabled: boolean;
  /** Staff's address, or null for none. */
  slug: string | null;
}

/**
 * The address to save: staff's own when no other organization's directory has it, else 409 on
 * the field; none while there is none and the directory is off; for an enabled directory without
 * one, one given from the name. Never one carrying a piece of the registration link's hash, which
 * would let anyone who saw the directory find the form.
 */
export async function settledDirectorySlug(
  em: EntityManager,
  request: DirectoryAddressRequest,
): Promise<string | null> {
  const { organizationId, slug: wanted } = request;
  let slug = wanted;
  if (slug === null) {
    if (!request.enabled) return null;
    slug = await uniqueDirectorySlug(em, request.name, organizationId);
  } else if (await directorySlugHolder(em, { slug, organizationId })) {
    throw directorySlugTaken();
  }
  if (slugRevealsFormHash(slug, request.formHash)) {
    throw fieldError('directorySlug', MESSAGES.slugRevealsFormHash);
  }
  return slug;
}

export const directorySlugTaken = () => fieldError('directorySlug', MESSAGES.slugTaken, 409);

/** Whether the database refused a write because another directory has the address meanwhile. */
export function isDirectorySlugTaken(error: unknown): boolean {
  return isUniqueViolationOf(error, 'organizations_directory_slug_unique');
}

/** The directory fields of an organization as both staff faces answer them, with its address. */
export function directorySettingsOf(view: OrganizationView, publicUrl: string) {
  return {
    directoryEnabled: view.directoryEnabled,
    directorySlug: view.directorySlug,
    directoryIntro: view.directoryIntro,
    directoryDisclaimer: view.directoryDisclaimer,
    directoryNoindex: view.directoryNoindex,
    directoryUrl: view.directorySlug === null ? null : directoryUrl(publicUrl, view.directorySlug),
  };
}
