import { Alert, Box } from '@mui/material';
import { Link, Show, useCreatePath, useRecordContext } from 'react-admin';
import { ASSEMBLY_TYPE_LABELS, type TAssemblyType } from '../../../shared/assemblies';
import type { TTestReportReviewRecord } from '../../../shared/test-report-review';
import { HAZARD_LABELS } from '../assemblies/assemblyWords';
import { retryUnlessAnswered, ShowLoadFailure } from '../components/NotFound';
import { PageHeading } from '../components/PageHeading';
import { RecordHistory } from '../components/RecordHistory';
import { Checks, Facts, Readings, Repairs, ReportSection, RuleResults } from './ReportSections';
import { TestReportDecisions } from './TestReportDecisions';
import { KIND_LABELS, RESULT_LABELS, STATE_LABELS, sizeOf } from './testReportWords';

const when = (instant: string | null) => (instant ? instant.replace('T', ' ').slice(0, 16) : '');

/** Where the report stands: its state, the decision's reason, and a report filed in its place. */
function Standing({ report }: { report: TTestReportReviewRecord }) {
  const createPath = useCreatePath();
  const linkTo = (id: number) => createPath({ resource: 'test-reports', id, type: 'show' });
  return (
    <>
      <Facts
        facts={[
          ['State', STATE_LABELS[report.state]],
          ['Result', RESULT_LABELS[report.result]],
          ['Reason', report.reason],
          ['Decided by', report.autoAccepted ? 'Accepted at once (clean)' : report.decidedBy],
          ['Decided', when(report.decidedAt)],
        ]}
      />
      {report.supersededBy !== null ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          The tester filed this report again:{' '}
          <Link to={linkTo(report.supersededBy)}>the corrected report</Link> takes its place and is
          decided on its own.
        </Alert>
      ) : null}
      {report.supersedes !== null ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          This report corrects <Link to={linkTo(report.supersedes)}>a report returned</Link> to the
          tester.
        </Alert>
      ) : null}
    </>
  );
}

function TestReportPage() {
  const report = useRecordContext<TTestReportReviewRecord>();
  const createPath = useCreatePath();
  if (!report) return null;
  const { record } = report;
  const assemblyPath = createPath({ resource: 'assemblies', id: report.assemblyRef, type: 'show' });
  return (
    <>
      <PageHeading title={`Test report of assembly ${report.assemblyId}`} />
      <TestReportDecisions />
      <ReportSection title="Decision">
        <Standing report={report} />
      </ReportSection>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: '1fr 1fr' } }}>
        <ReportSection title="Location">
          <Facts
            facts={[
              ['Account number', record.location.accountNumber],
              ['Name', record.location.name],
              ['Service address', record.location.address || report.address],
            ]}
          />
        </ReportSection>
        <ReportSection title="Assembly">
          <Facts
            facts={[
              [
                'Assembly ID',
                <Link key="assembly" to={assemblyPath}>
                  {report.assemblyId}
                </Link>,
              ],
              ['Type', ASSEMBLY_TYPE_LABELS[report.assemblyType]],
              ['Serial number', record.assembly.serial],
              ['Make', record.assembly.make],
              ['Model', record.assembly.model],
              ['Size', sizeOf(record.assembly.sizeInches)],
              [
                'Hazard',
                HAZARD_LABELS[record.assembly.hazard as keyof typeof HAZARD_LABELS] ??
                  record.assembly.hazard,
              ],
              ['Placement', record.assembly.placement],
            ]}
          />
        </ReportSection>
      </Box>
      <ReportSection title="Test">
        <Facts
          facts={[
            ['Kind of test', KIND_LABELS[report.kind]],
            ['Tested on', report.testDate],
            [
              'Line pressure',
              report.linePressurePsi === null ? '' : `${report.linePressurePsi} psi`,
            ],
            ['Filed', when(report.filedAt)],
            ['Filed by', report.filedBy],
            [
              'Type tested',
              ASSEMBLY_TYPE_LABELS[record.assembly.type as TAssemblyType] ?? record.assembly.type,
            ],
          ]}
        />
      </ReportSection>
      <ReportSection title="Readings">
        <Readings report={report} />
      </ReportSection>
      <ReportSection title="Rules and results">
        <RuleResults report={report} />
      </ReportSection>
      <ReportSection title="Checks on the test date">
        <Checks report={report} />
      </ReportSection>
      <ReportSection title="Repairs">
        <Repairs report={report} />
      </ReportSection>
      <ReportSection title="Remarks">
        <Facts facts={[['The tester’s remarks', report.remarks]]} />
      </ReportSection>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: '1fr 1fr' } }}>
        <ReportSection title="Tester">
          <Facts
            facts={[
              ['Name', report.testerName],
              ['Email', record.tester.email],
              ['Company', record.company?.name ?? ''],
              ['Certification', record.certification.number],
              ['Agency and type', `${record.certification.agency}, ${record.certification.type}`],
              ['Certification expires', record.certification.expiresOn],
            ]}
          />
        </ReportSection>
        <ReportSection title="Test kit">
          <Facts
            facts={[
              ['Serial number', record.kit.serial],
              ['Make and model', `${record.kit.manufacturer} ${record.kit.model}`.trim()],
              ['Calibrated on', record.kit.calibratedOn],
              ['Calibration due', record.kit.dueOn ?? ''],
            ]}
          />
        </ReportSection>
      </Box>
      <RecordHistory entityType="test_report" entityId={report.id} />
    </>
  );
}

/**
 * One test report (/test-reports/{id}/show), laid out as utilities know it on paper: location,
 * assembly, kind of test, readings with each rule's result, repairs, tester with certification,
 * kit with calibration, dates; the decisions for those who may decide; its history.
 */
export function TestReportShow() {
  return (
    <Box sx={{ pb: 4, maxWidth: 1200 }}>
      <Show
        resource="test-reports"
        title={false}
        actions={false}
        component="div"
        queryOptions={{ onError: () => undefined, retry: retryUnlessAnswered }}
        error={<ShowLoadFailure title="Test report" />}
      >
        <TestReportPage />
      </Show>
    </Box>
  );
}
