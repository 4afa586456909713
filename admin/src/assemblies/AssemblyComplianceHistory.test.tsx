// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { AdminContext, RecordContextProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TComplianceChangeRecord } from '../../../shared/assembly-compliance';
import type { TAssemblyRecord } from '../../../shared/inventory-api';
import { createDataProvider } from '../providers/dataProvider';
import type { HttpClient, HttpResponse } from '../providers/httpClient';
import { accountFor, authProviderFor } from '../testing/session';
import { AssemblyComplianceHistory } from './AssemblyComplianceHistory';

afterEach(cleanup);

const CHANGES_URL = '/api/admin/assembly-compliance-changes';
const ASSEMBLY = { id: 7, assemblyId: 'BF-7' } as TAssemblyRecord;

const change = (
  id: number,
  changes: Partial<TComplianceChangeRecord>,
): TComplianceChangeRecord => ({
  id,
  assemblyId: ASSEMBLY.id,
  organizationId: 11,
  changedAt: '2026-12-01T09:00:00.000Z',
  onDay: '2026-12-01',
  fromStatus: null,
  toStatus: 'compliant',
  retestBy: null,
  reason: 'assembly_added',
  ...changes,
});

/** The server's history of the assembly, newest first as it answers the sort asked. */
function setup(history: TComplianceChangeRecord[]) {
  const httpClient = vi.fn<HttpClient>(async (url): Promise<HttpResponse> => {
    if (!url.startsWith(`${CHANGES_URL}?`)) throw new Error(`unexpected call ${url}`);
    return {
      status: 200,
      headers: new Headers({
        'Content-Range': `assembly-compliance-changes 0-24/${history.length}`,
      }),
      body: '',
      json: history,
    };
  });
  const viewer = accountFor({ kind: 'organization', role: 'viewer', organizationId: 11 }, [
    { id: 11, name: 'Alpha Water', role: 'viewer' },
  ]);
  render(
    <AdminContext
      authProvider={authProviderFor(viewer)}
      dataProvider={createDataProvider(httpClient, vi.fn())}
    >
      <RecordContextProvider value={ASSEMBLY}>
        <AssemblyComplianceHistory />
      </RecordContextProvider>
    </AdminContext>,
  );
  return { httpClient };
}

describe("an assembly's compliance history", () => {
  it("asks for this assembly's changes, newest first, and says each change and its reason in words", async () => {
    const { httpClient } = setup([
      change(3, {
        onDay: '2026-12-05',
        fromStatus: 'failed',
        toStatus: 'overdue',
        reason: 'retest_date_passed',
      }),
      change(2, {
        onDay: '2026-11-05',
        fromStatus: 'compliant',
        toStatus: 'failed',
        retestBy: '2026-12-04',
        reason: 'test_failed',
      }),
      change(1, { onDay: '2026-01-10' }),
    ]);
    const table = await screen.findByRole('table', { name: 'Compliance history' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      '2026-12-05',
      '2026-11-05',
      '2026-01-10',
    ]);
    const [overdue, failed, added] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(overdue).getByText('Failed → Overdue')).toBeTruthy();
    expect(within(overdue).getByText('Retest date passed')).toBeTruthy();
    expect(within(failed).getByText('Compliant → Failed')).toBeTruthy();
    expect(within(failed).getByText('Failed test accepted')).toBeTruthy();
    expect(within(failed).getByText('2026-12-04')).toBeTruthy();
    expect(within(added).getByText('No status → Compliant')).toBeTruthy();
    expect(within(added).getByText('Assembly added')).toBeTruthy();

    const asked = new URL(String(httpClient.mock.calls[0]?.[0]), 'http://console.test');
    expect(JSON.parse(asked.searchParams.get('filter') ?? '')).toEqual({ assemblyId: 7 });
    expect(JSON.parse(asked.searchParams.get('sort') ?? '')).toEqual(['id', 'DESC']);
  });

  it('says so when no status was recorded yet', async () => {
    setup([]);
    expect(await screen.findByText('No status recorded for this assembly yet.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Compliance history' })).toBeNull();
  });
});
