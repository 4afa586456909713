import { Paper, Typography } from '@mui/material';
import { useId } from 'react';
import { DataTable, Pagination, ReferenceManyField, useRecordContext } from 'react-admin';
import {
  COMPLIANCE_CHANGE_REASON_LABELS,
  type TComplianceChangeRecord,
} from '../../../shared/assembly-compliance';
import type { TAssemblyRecord } from '../../../shared/inventory-api';
import { complianceLabel } from './assemblyWords';

const changeText = (change: TComplianceChangeRecord) =>
  `${complianceLabel(change.fromStatus)} → ${complianceLabel(change.toStatus)}`;

/**
 * How an assembly's compliance status changed, newest first: the day, from and to, why, and the
 * retest's last day after a failed test (the assembly's page).
 */
export function AssemblyComplianceHistory() {
  const assembly = useRecordContext<TAssemblyRecord>();
  const headingId = useId();
  if (!assembly) return null;
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: 2, mt: 3 }}>
      <Typography id={headingId} variant="h6" component="h2">
        Compliance history
      </Typography>
      <ReferenceManyField
        reference="assembly-compliance-changes"
        target="assemblyId"
        // Ids follow the changes' order; the server sorts by nothing else.
        sort={{ field: 'id', order: 'DESC' }}
        perPage={25}
        pagination={<Pagination rowsPerPageOptions={[]} />}
        empty={<Typography sx={{ my: 1 }}>No status recorded for this assembly yet.</Typography>}
      >
        <DataTable<TComplianceChangeRecord>
          aria-label="Compliance history"
          bulkActionButtons={false}
          rowClick={false}
        >
          <DataTable.Col source="onDay" label="Day" disableSort />
          <DataTable.Col label="Change" render={changeText} />
          <DataTable.Col
            label="Why"
            render={(change: TComplianceChangeRecord) =>
              COMPLIANCE_CHANGE_REASON_LABELS[change.reason]
            }
          />
          <DataTable.Col
            label="Retest by"
            render={(change: TComplianceChangeRecord) => change.retestBy ?? '—'}
          />
        </DataTable>
      </ReferenceManyField>
    </Paper>
  );
}
