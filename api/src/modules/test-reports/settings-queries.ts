import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql } from '../../db/sql.js';

// An organization's rules for test reports: read, and written with the row held.

const RULES = sql<{ organizationId: number }>(
  'test-report-rules',
  'select test_report_rules from organizations where id = :organizationId for update',
);

/** The organization's stored rules (null: the defaults), its row held; undefined: no such one. */
export async function storedRulesForUpdate(
  em: EntityManager,
  organizationId: number,
): Promise<unknown> {
  const [row] = await query<{ test_report_rules: unknown }, { organizationId: number }>(em, RULES, {
    organizationId,
  });
  return row === undefined ? undefined : row.test_report_rules;
}

const READ_RULES = sql<{ organizationId: number }>(
  'test-report-rules-read',
  'select test_report_rules from organizations where id = :organizationId',
);

export async function storedRules(em: EntityManager, organizationId: number): Promise<unknown> {
  const [row] = await query<{ test_report_rules: unknown }, { organizationId: number }>(
    em,
    READ_RULES,
    { organizationId },
  );
  return row === undefined ? undefined : row.test_report_rules;
}

const SET_RULES = sql<{ organizationId: number; rules: string }>(
  'test-report-rules-set',
  'update organizations set test_report_rules = :rules::jsonb where id = :organizationId',
);

export async function setStoredRules(
  em: EntityManager,
  params: { organizationId: number; rules: string },
): Promise<void> {
  await query(em, SET_RULES, params);
}
