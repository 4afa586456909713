import { Paper, Typography } from '@mui/material';
import { useId } from 'react';
import { DataTable, ReferenceManyField, useRecordContext } from 'react-admin';
import type { TAssemblyRecord } from '../../../shared/inventory-api';
import type { TTestReportReviewRecord } from '../../../shared/test-report-review';
import { KIND_LABELS, RESULT_LABELS, STATE_LABELS } from './testReportWords';

/** An assembly's test reports, newest test first, each opening its report (the assembly's page). */
export function AssemblyTestReports() {
  const assembly = useRecordContext<TAssemblyRecord>();
  const headingId = useId();
  if (!assembly) return null;
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: 2, mt: 3 }}>
      <Typography id={headingId} variant="h6" component="h2">
        Test reports
      </Typography>
      <ReferenceManyField
        reference="test-reports"
        target="assemblyRef"
        sort={{ field: 'testDate', order: 'DESC' }}
        perPage={50}
        empty={<Typography sx={{ my: 1 }}>No test reports filed for this assembly yet.</Typography>}
      >
        <DataTable<TTestReportReviewRecord>
          aria-label="Test reports of this assembly"
          bulkActionButtons={false}
          rowClick="show"
        >
          <DataTable.Col source="testDate" label="Tested on" />
          <DataTable.Col
            label="Kind of test"
            render={(report: TTestReportReviewRecord) => KIND_LABELS[report.kind]}
          />
          <DataTable.Col
            label="Result"
            render={(report: TTestReportReviewRecord) => RESULT_LABELS[report.result]}
          />
          <DataTable.Col source="testerName" label="Tester" />
          <DataTable.Col
            label="State"
            render={(report: TTestReportReviewRecord) => STATE_LABELS[report.state]}
          />
        </DataTable>
      </ReferenceManyField>
    </Paper>
  );
}
