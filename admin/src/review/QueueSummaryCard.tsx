import FactCheckIcon from '@mui/icons-material/FactCheck';
import { Alert, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { LinkBase } from 'react-admin';
import { MESSAGES } from '../../../shared/codes';
import { dateTime } from '../components/dates';
import { useConsolePath } from '../components/paths';
import { waitedFor } from './reviewWords';
import { COUNTED_UP_TO, useQueueSummary, waitingCount } from './useQueueSummary';

/** The admin home's count of registrations waiting for review and the oldest one's age. */
export function QueueSummaryCard() {
  const consolePath = useConsolePath();
  const { waiting, oldestQueuedAt, isPending, error } = useQueueSummary();
  if (error) return <Alert severity="error">{MESSAGES.apiRequestError}</Alert>;
  const oldest = oldestQueuedAt
    ? ` The oldest has waited ${waitedFor(oldestQueuedAt)} (since ${dateTime(oldestQueuedAt)}).`
    : '';
  const text =
    isPending || waiting === undefined
      ? 'Loading...'
      : waiting === 0
        ? 'No registrations are waiting for review.'
        : waiting === null
          ? `More than ${COUNTED_UP_TO} registrations waiting for review.${oldest}`
          : `${waitingCount(waiting)} registration${waiting === 1 ? '' : 's'} waiting for review.${oldest}`;
  return (
    <Card sx={{ mb: 2 }}>
      <CardActionArea component={LinkBase} to={consolePath('/review')}>
        <CardContent>
          <Typography
            variant="h6"
            component="h2"
            sx={{ display: 'flex', gap: 1, alignItems: 'center' }}
          >
            <FactCheckIcon />
            Waiting for Review
          </Typography>
          <Typography sx={{ mt: 1 }} aria-live="polite">
            {text}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
