import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  API_KEY_HINT_LENGTH,
  API_KEY_PREFIX,
  type TApiKeyCreateRequest,
  type TApiKeyResponse,
} from '../../../../shared/integration-api.js';
import { ApiKey, Organization } from '../../db/entities/index.js';
import { AppError, fieldError } from '../../errors.js';
import { type Actor, recordAudit } from '../audit/service.js';
import { organizationForNew, scopeOfActor } from '../organization-access/scope.js';
import { type ApiKeyConditions, type ApiKeyRow, apiKeyPage } from './queries.js';

// API keys (issue 29): made by Administrators, shown once, kept only as a SHA-256 hash, revoked
// (never deleted) so the list keeps who made each and when it was last used.

/** 32 random bytes (256 bits) after the recognisable prefix. */
export function newApiKeySecret(): string {
  return `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/**
 * What is stored and looked up: the secret's SHA-256. A fast hash is enough for 256 random bits
 * (nothing to guess), and lets every request find its key by an index.
 */
export function hashApiKeySecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

const hintOf = (secret: string) =>
  `${secret.slice(0, API_KEY_PREFIX.length + API_KEY_HINT_LENGTH)}…`;

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

function toRecord(row: ApiKeyRow): TApiKeyResponse {
  return {
    id: row.id,
    name: row.name,
    organization_id: row.organization_id,
    organization_name: row.organization_name,
    can_fetch_documents: row.can_fetch_documents,
    hint: row.hint,
    created_by: row.created_by,
    created_at: new Date(row.created_at).toISOString(),
    last_used_at: iso(row.last_used_at),
    revoked_at: iso(row.revoked_at),
  };
}

export async function listApiKeys(
  em: EntityManager,
  filter: ApiKeyConditions,
  page: { sort: string; order: 'ASC' | 'DESC'; offset: number; limit: number },
): Promise<{ rows: TApiKeyResponse[]; total: number }> {
  if (filter.ids?.length === 0) return { rows: [], total: 0 };
  const { rows, total } = await apiKeyPage(em, filter, {
    sort: page.sort,
    direction: page.order === 'ASC' ? 'asc' : 'desc',
    offset: page.offset,
    limit: page.limit,
  });
  return { rows: rows.map(toRecord), total };
}

export async function getApiKey(em: EntityManager, id: number): Promise<TApiKeyResponse> {
  const { rows } = await apiKeyPage(
    em,
    { ids: [id] },
    {
      sort: 'created_at',
      direction: 'asc',
      offset: 0,
      limit: 1,
    },
  );
  if (!rows[0]) throw AppError.notFound('API key not found.');
  return toRecord(rows[0]);
}

/** What the audit log keeps of a key: never its secret or hash. */
const audited = (
  key: Pick<TApiKeyResponse, 'name' | 'organization_id' | 'can_fetch_documents' | 'hint'>,
  revokedAt: string | null,
) => ({
  name: key.name,
  organizationId: key.organization_id,
  canFetchDocuments: key.can_fetch_documents,
  hint: key.hint,
  revokedAt,
});

/** Makes a key; its secret is in this answer and nowhere else, ever. */
export async function createApiKey(
  em: EntityManager,
  actor: Actor,
  request: TApiKeyCreateRequest,
): Promise<TApiKeyResponse & { secret: string }> {
  const secret = newApiKeySecret();
  const hint = hintOf(secret);
  // A Program manager's key is their organization's, whatever the request names.
  const organizationId = organizationForNew(scopeOfActor(actor), request.organization_id);
  const id = await em.transactional(async (tx) => {
    if (organizationId !== null) {
      const organization = await tx.findOne(Organization, { id: organizationId });
      if (!organization) throw fieldError('organization_id', 'No such organization.');
    }
    const key = tx.create(ApiKey, {
      name: request.name,
      organization: organizationId,
      canFetchDocuments: request.can_fetch_documents,
      hint,
      secretHash: hashApiKeySecret(secret),
      createdBy: actor.id,
      lastUsedAt: null,
      revokedAt: null,
      revokedBy: null,
    });
    await tx.flush();
    recordAudit(tx, actor, {
      action: 'create',
      entityType: 'api_key',
      entityId: key.id,
      before: null,
      after: audited({ ...request, organization_id: organizationId, hint }, null),
    });
    return key.id;
  });
  return { ...(await getApiKey(em, id)), secret };
}

/**
 * Revokes a key: every instance refuses it from its next request (each request reads its key
 * from the database). Revoking a revoked key changes nothing and answers it as it is.
 */
export async function revokeApiKey(
  em: EntityManager,
  actor: Actor,
  id: number,
): Promise<TApiKeyResponse> {
  const before = await getApiKey(em, id);
  if (before.revoked_at) return before;
  await em.transactional(async (tx) => {
    const key = await tx.findOneOrFail(ApiKey, { id });
    const revokedAt = new Date();
    tx.assign(key, { revokedAt, revokedBy: actor.id });
    recordAudit(tx, actor, {
      action: 'revoke',
      entityType: 'api_key',
      entityId: id,
      before: audited(before, null),
      after: audited(before, revokedAt.toISOString()),
    });
  });
  return getApiKey(em, id);
}
