import {
  Box,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { type ReactNode, useId } from 'react';
import type { TTestReportReviewRecord } from '../../../shared/test-report-review';
import {
  REPAIR_ACTION_LABELS,
  readingRows,
  ruleText,
  sizeOf,
  valveName,
  waitingReasons,
} from './testReportWords';

// The parts of a test report as utilities know it on paper: where, what was tested, how, the
// readings beside each rule's result, the repairs, who tested with which certification and kit.

/** A titled part of the report. */
export function ReportSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: 2, mt: 2 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** Terms and their values, as a paper form's boxes. */
export function Facts({ facts }: { facts: [string, ReactNode][] }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
        columnGap: 2,
        rowGap: 0.5,
      }}
    >
      {facts.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
            {term}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, whiteSpace: 'pre-line' }}>
            {value === '' || value === null || value === undefined ? '—' : value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

const headCell = (text: string) => (
  <TableCell component="th" scope="col">
    {text}
  </TableCell>
);

/** Each valve's readings as the tester recorded them. */
export function Readings({ report }: { report: TTestReportReviewRecord }) {
  return (
    <Table size="small" aria-label="Readings">
      <TableHead>
        <TableRow>
          {headCell('Valve')}
          {headCell('Reading')}
          {headCell('Recorded')}
        </TableRow>
      </TableHead>
      <TableBody>
        {readingRows(report).flatMap((section) =>
          section.readings.map((reading, index) => (
            <TableRow key={reading.name}>
              <TableCell>{index === 0 ? section.valve : ''}</TableCell>
              <TableCell component="th" scope="row">
                {reading.label}
              </TableCell>
              <TableCell>{reading.value}</TableCell>
            </TableRow>
          )),
        )}
      </TableBody>
    </Table>
  );
}

/** Each rule the readings are held to, with its outcome, as computed when filed. */
export function RuleResults({ report }: { report: TTestReportReviewRecord }) {
  return (
    <Table size="small" aria-label="Rules">
      <TableHead>
        <TableRow>
          {headCell('Rule')}
          {headCell('Result')}
        </TableRow>
      </TableHead>
      <TableBody>
        {report.ruleResults.map((result) => {
          const { sentence, outcome } = ruleText(result);
          return (
            <TableRow key={result.rule}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 400 }}>
                {sentence}
              </TableCell>
              <TableCell sx={result.outcome === 'fail' ? { fontWeight: 700 } : undefined}>
                {outcome}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

/** The parts cleaned or replaced, valve by valve; and a replacement's new nameplate. */
export function Repairs({ report }: { report: TTestReportReviewRecord }) {
  return (
    <>
      {report.repairs.length === 0 ? (
        <Typography variant="body2">No repairs.</Typography>
      ) : (
        <Table size="small" aria-label="Repairs">
          <TableHead>
            <TableRow>
              {headCell('Valve')}
              {headCell('Part')}
              {headCell('Done')}
            </TableRow>
          </TableHead>
          <TableBody>
            {report.repairs.map((repair) => (
              <TableRow key={`${repair.valve}:${repair.part}:${repair.action}`}>
                <TableCell>{valveName(repair.valve)}</TableCell>
                <TableCell>{repair.part}</TableCell>
                <TableCell>{REPAIR_ACTION_LABELS[repair.action]}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {report.replacement ? (
        <Box sx={{ mt: 2 }}>
          <Typography component="h3" variant="subtitle1">
            The new assembly
          </Typography>
          <Facts
            facts={[
              ['Serial number', report.replacement.serial],
              ['Make', report.replacement.make],
              ['Model', report.replacement.model],
              ['Size', sizeOf(report.replacement.sizeInches)],
            ]}
          />
        </Box>
      ) : null}
    </>
  );
}

/** What the server checked against the record as it stood on the test date when it was filed. */
export function Checks({ report }: { report: TTestReportReviewRecord }) {
  const { certification, kit } = report.record;
  const waiting = waitingReasons(report);
  return (
    <>
      <Typography variant="body2">
        Every check against the record as it stood on {report.testDate} was met when the report was
        filed (a report that fails one is refused, not filed):
      </Typography>
      <Box component="ul" sx={{ my: 1, typography: 'body2' }}>
        <li>the tester's registration was active that day;</li>
        <li>
          certification {certification.number} ({certification.agency}) was accepted and unexpired
          that day;
        </li>
        <li>
          the calibration of kit {kit.serial} was accepted and covered the day ({kit.calibratedOn}{' '}
          through {kit.dueOn ?? 'no due date'});
        </li>
        <li>the organization's required credentials were current that day;</li>
        <li>the test date was within the filing window and the assembly was active.</li>
      </Box>
      {report.autoAccepted ? (
        <Typography variant="body2">It was clean, and accepted at once.</Typography>
      ) : waiting.length > 0 ? (
        <Typography variant="body2">Why it waits for a person: {waiting.join(' ')}</Typography>
      ) : null}
    </>
  );
}
