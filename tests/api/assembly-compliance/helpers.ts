import { expect } from 'vitest';
import type { TestApp } from '../../helpers/app.js';
import { unique } from '../../helpers/fixtures.js';
import { accountCalls } from '../account/helpers.js';
import type { staffClient } from '../staff/helpers.js';

// Each assembly's compliance status as the database holds it: the assembly's columns, its
// history and its webhook events, read straight from their tables so a test sees what was
// written, not what a route answers.

export interface ComplianceRow {
  compliance_status: string | null;
  retest_by: string | null;
  next_due_on: string | null;
}

export interface HistoryRow {
  on_day: string;
  from_status: string | null;
  to_status: string | null;
  retest_by: string | null;
  reason: string;
}

export interface ComplianceEvent {
  compliance_status: string | null;
  previous_compliance_status: string | null;
  retest_by: string | null;
  reason: string;
  on_day: string;
}

export function complianceReads(current: () => TestApp) {
  const { sql } = accountCalls(current);

  /** The assembly's status, retest date and due date on file. */
  async function statusOf(assemblyId: number): Promise<ComplianceRow> {
    const [row] = await sql<ComplianceRow & Record<string, unknown>>(
      `select compliance_status, retest_by::text, next_due_on::text from assemblies where id = ?`,
      [assemblyId],
    );
    if (!row) throw new Error(`no assembly ${assemblyId}`);
    return row;
  }

  /** The assembly's history, oldest first. */
  const historyOf = (assemblyId: number) =>
    sql<HistoryRow & Record<string, unknown>>(
      `select on_day::text, from_status, to_status, retest_by::text, reason
         from assembly_compliance_changes where assembly_id = ? order by id`,
      [assemblyId],
    );

  /** The assembly's assembly.compliance_changed events, oldest first. */
  const eventsOf = async (assemblyId: number): Promise<ComplianceEvent[]> =>
    (
      await sql<{ data: ComplianceEvent }>(
        `select data from webhook_events
          where type = 'assembly.compliance_changed' and (data->>'assembly_id')::int = ?
          order by id`,
        [assemblyId],
      )
    ).map((row) => row.data);

  return { sql, statusOf, historyOf, eventsOf };
}

/**
 * A location of the organization and an assembly at it, made through the console's calls;
 * `fields` adds or overrides the assembly's (a test on file, its status).
 */
export async function consoleAssembly(
  call: ReturnType<typeof staffClient>,
  organizationId: number,
  fields: Record<string, unknown> = {},
) {
  const location = await call('POST', '/api/admin/locations', {
    organizationId,
    accountNumber: `A-${unique()}`,
    address1: `${unique()} Elm Street`,
    city: 'Springfield',
  });
  expect(location.statusCode, location.body).toBe(201);
  const body = {
    locationId: location.json().id,
    assemblyId: `BF-${unique()}`,
    serial: `S-${unique()}`,
    type: 'DC',
    hazard: 'high',
    service: 'domestic',
    installedOn: '2019-05-01',
    ...fields,
  };
  const assembly = await call('POST', '/api/admin/assemblies', body);
  expect(assembly.statusCode, assembly.body).toBe(201);
  return {
    body,
    record: assembly.json() as {
      id: number;
      nextDueOn: string | null;
      complianceStatus: string | null;
      retestBy: string | null;
    },
  };
}
