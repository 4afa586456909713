import { Box, Button, Dialog } from '@mui/material';
import { useId, useState } from 'react';
import { TextInput, useNotify, useRecordContext, useRefresh } from 'react-admin';
import {
  TEST_REPORT_RETURN_DAYS,
  type TTestReportReviewRecord,
} from '../../../shared/test-report-review';
import {
  TEST_REPORT_LIMITS,
  type TTestReportDecision,
  ZTestReportDecision,
} from '../../../shared/test-reports';
import { fieldErrorsOf, messageOf, useStaffApi } from '../components/api';
import { ConfirmButton } from '../components/ConfirmButton';
import { DialogForm } from '../components/DialogForm';
import { useAllowed } from '../components/useAllowed';
import { zodFieldValidator } from '../components/zodValidator';
import { RESULT_LABELS, STATE_LABELS } from './testReportWords';

type TDecision = TTestReportDecision['decision'];

const DONE: Record<TDecision, string> = {
  accept: 'Report accepted: the test is on the assembly’s record.',
  reject: 'Report rejected.',
  return: 'Report returned: the tester was emailed a link to correct it.',
  reset: 'Decision reset: the report waits in the queue again.',
};

/** Sends a decision; answers the server's field errors, if it refused one. */
function useDecide(report: TTestReportReviewRecord) {
  const api = useStaffApi();
  const notify = useNotify();
  const refresh = useRefresh();
  return async (decision: TDecision, reason = '') => {
    try {
      await api.update('test-reports', {
        id: report.id,
        data: { decision, reason },
        previousData: report,
      });
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (Object.keys(fields).length > 0) return fields;
      throw error;
    }
    notify(DONE[decision], { type: 'success' });
    refresh();
    return undefined;
  };
}

const WITH_REASON = {
  reject: {
    open: 'Reject',
    title: 'Reject this report',
    label: 'Why it is rejected',
    helper: 'Kept with the report and in the audit log.',
    submit: 'Reject report',
  },
  return: {
    open: 'Return to the tester',
    title: 'Return this report to the tester',
    label: 'What the tester should correct',
    helper: `Emailed to the tester with a personal link to correct the report and file it again (it works for ${TEST_REPORT_RETURN_DAYS} days).`,
    submit: 'Return report',
  },
} as const;

/** Reject or Return: asks for the reason first, checked by the server's own rule. */
function ReasonDecision({
  decision,
  report,
}: {
  decision: 'reject' | 'return';
  report: TTestReportReviewRecord;
}) {
  const titleId = useId();
  const notify = useNotify();
  const decide = useDecide(report);
  const [open, setOpen] = useState(false);
  const words = WITH_REASON[decision];
  const request = (values: Record<string, unknown>) => ({
    decision,
    reason: typeof values.reason === 'string' ? values.reason : '',
  });
  const submit = async (values: Record<string, unknown>) => {
    try {
      const refused = await decide(decision, request(values).reason);
      if (refused) return refused;
      setOpen(false);
    } catch (error) {
      notify(messageOf(error), { type: 'error' });
    }
    return undefined;
  };
  return (
    <>
      <Button
        variant="outlined"
        color={decision === 'reject' ? 'error' : 'primary'}
        onClick={() => setOpen(true)}
      >
        {words.open}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="sm"
      >
        <DialogForm
          title={words.title}
          titleId={titleId}
          submitLabel={words.submit}
          defaultValues={{ reason: '' }}
          validate={zodFieldValidator(ZTestReportDecision, request)}
          onSubmit={submit}
          onCancel={() => setOpen(false)}
        >
          <TextInput
            source="reason"
            label={words.label}
            helperText={words.helper}
            multiline
            minRows={3}
            fullWidth
            autoFocus
            slotProps={{ htmlInput: { maxLength: TEST_REPORT_LIMITS.remarks } }}
          />
        </DialogForm>
      </Dialog>
    </>
  );
}

/**
 * The decisions on a report, for those who may decide: Accept, Reject or Return while it waits;
 * Reset once decided. A report filed again in a returned one's place is decided through that one.
 */
export function TestReportDecisions() {
  const report = useRecordContext<TTestReportReviewRecord>();
  const mayDecide = useAllowed('test-reports', 'edit');
  const decide = useDecide(report as TTestReportReviewRecord);
  if (!report || !mayDecide || report.supersededBy !== null) return null;
  const confirm = (decision: TDecision) => async () => {
    await decide(decision);
  };
  return (
    <Box
      component="section"
      aria-label="Decision"
      sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', my: 2 }}
    >
      {report.state === 'pending' ? (
        <>
          <ConfirmButton
            label="Accept"
            title="Accept this report"
            text={`The test of ${report.testDate} (${RESULT_LABELS[report.result]}) goes on assembly ${report.assemblyId}'s record, and its next test due follows from it.`}
            confirmLabel="Accept report"
            onConfirm={confirm('accept')}
          />
          <ReasonDecision decision="reject" report={report} />
          <ReasonDecision decision="return" report={report} />
        </>
      ) : (
        <ConfirmButton
          label="Reset to pending"
          title="Reset the decision"
          text={`The report is ${STATE_LABELS[report.state].toLowerCase()} now; reset, it waits in the queue for a decision again.${report.state === 'accepted' ? " If its test is the assembly's last test, the assembly's latest other accepted report becomes its last test." : ''}`}
          confirmLabel="Reset"
          onConfirm={confirm('reset')}
        />
      )}
    </Box>
  );
}
