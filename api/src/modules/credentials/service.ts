import type { EntityManager } from '@mikro-orm/postgresql';
import {
  CREDENTIAL_TYPE_MESSAGES,
  type TCredentialTypeChanges,
  type TCredentialTypeRecord,
} from '../../../../shared/credential-types.js';
import type { TCredentialType } from '../../../../shared/requirements.js';
import { CredentialType } from '../../db/entities/index.js';
import { AppError, uniqueField } from '../../errors.js';
import { type Actor, recordAudit } from '../audit/service.js';
import { nameListWhere } from '../certifications/queries.js';
import { countCredentialTypes, credentialTypePage } from './queries.js';

// The credential types an organization can ask for beyond certifications (issue 27): kept by
// Editors and Administrators on the console, every change audited. Names are unique
// case-insensitively (a lower(name) index decides under concurrency).

interface TypeListFilter {
  ids?: number[];
  q?: string;
}

interface TypeListPage {
  sort: string;
  order: 'ASC' | 'DESC';
  offset: number;
  limit: number;
}

export async function listCredentialTypes(
  em: EntityManager,
  filter: TypeListFilter,
  page: TypeListPage,
): Promise<{ rows: TCredentialTypeRecord[]; total: number }> {
  const where = nameListWhere(filter);
  const rows = await credentialTypePage(em, where, {
    ...page,
    direction: page.order === 'DESC' ? 'desc' : 'asc',
  });
  return { rows, total: await countCredentialTypes(em, where) };
}

export async function getCredentialType(
  em: EntityManager,
  id: number,
): Promise<TCredentialTypeRecord> {
  const { rows } = await listCredentialTypes(
    em,
    { ids: [id] },
    { sort: 'id', order: 'ASC', offset: 0, limit: 1 },
  );
  if (!rows[0]) throw AppError.notFound(CREDENTIAL_TYPE_MESSAGES.notFound);
  return rows[0];
}

/** The write, with a name another type has answered as that field's error. */
const uniqueName = <T>(write: () => Promise<T>) =>
  uniqueField('name', CREDENTIAL_TYPE_MESSAGES.exists, write);

const snapshot = (type: TCredentialType) => ({
  name: type.name,
  holder: type.holder,
  expires: type.expires,
  facts: [...type.facts],
});

export async function createCredentialType(
  em: EntityManager,
  actor: Actor,
  input: TCredentialType,
): Promise<TCredentialTypeRecord> {
  const id = await uniqueName(() =>
    em.transactional(async (tx) => {
      const type = tx.create(CredentialType, { ...input, facts: [...input.facts] });
      await tx.flush();
      recordAudit(tx, actor, {
        action: 'create',
        entityType: 'credential_type',
        entityId: type.id,
        before: null,
        after: snapshot(input),
      });
      return type.id;
    }),
  );
  return getCredentialType(em, id);
}

export async function updateCredentialType(
  em: EntityManager,
  actor: Actor,
  id: number,
  changes: TCredentialTypeChanges,
): Promise<TCredentialTypeRecord> {
  const before = await getCredentialType(em, id);
  const after = { ...before, ...changes, facts: changes.facts ?? before.facts };
  await uniqueName(() =>
    em.transactional(async (tx) => {
      await tx.nativeUpdate(CredentialType, { id }, snapshot(after));
      recordAudit(tx, actor, {
        action: 'update',
        entityType: 'credential_type',
        entityId: id,
        before: snapshot(before),
        after: snapshot(after),
      });
    }),
  );
  return getCredentialType(em, id);
}
