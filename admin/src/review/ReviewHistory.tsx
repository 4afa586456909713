import { Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { z } from 'zod';
import type { ZReviewHistoryEntry } from '../../../shared/admin-responses';
import { dateTime } from '../components/dates';

type Entry = z.infer<typeof ZReviewHistoryEntry>;

/** Every decision and resubmission, oldest first: when, who, what. */
export function ReviewHistory({
  entries,
  title = 'History',
}: {
  entries: Entry[];
  title?: string;
}) {
  return (
    <Paper sx={{ p: 2, mt: 3 }}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {entries.length === 0 ? (
        <Typography>No decisions yet.</Typography>
      ) : (
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell>When</TableCell>
              <TableCell>Who</TableCell>
              <TableCell>What</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {entries.map((entry) => (
              <TableRow key={entry.id}>
                <TableCell>{dateTime(entry.at)}</TableCell>
                <TableCell>{entry.by}</TableCell>
                <TableCell>{entry.summary}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}
