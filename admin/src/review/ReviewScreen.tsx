import { Alert, Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useGetOne, useNotify, useRefresh } from 'react-admin';
import { useParams } from 'react-router';
import { MESSAGES } from '../../../shared/codes';
import { REVIEW_STAFF_MESSAGES } from '../../../shared/review';
import {
  REGISTRATION_REJECTION_REASON_LABELS,
  REVIEW_STATE_LABELS,
} from '../../../shared/review-messages';
import { messageOf, useStaffApi } from '../components/api';
import { LoadFailure, retryUnlessAnswered } from '../components/NotFound';
import { PageHeading } from '../components/PageHeading';
import { useAllowed } from '../components/useAllowed';
import { useSessionOrganization } from '../components/useSessionOrganization';
import type { TReviewAction } from '../providers/dataProvider';
import { PersonAndCompany } from './PersonAndCompany';
import { RejectRegistrationDialog } from './RejectRegistrationDialog';
import { ReviewHistory } from './ReviewHistory';
import { type ItemRequest, ReviewItems, reviewedItems } from './ReviewItems';
import { type TReview, waitedFor } from './reviewWords';
import { useNextInQueue } from './useNextInQueue';

/** Accept/Reject answered: the review as it now stands, or why it was refused. */
type Outcome = { review: TReview } | { failure: string; stale: boolean };

/**
 * The review of one registration (/scadmin/review/{id}): the company and the person, then each
 * certification and test kit beside its document, each accepted or rejected; then Approve
 * Registration, Send Decision or Reject Registration, after which the queue moves on.
 */
export function ReviewScreen() {
  const { id = '' } = useParams();
  const api = useStaffApi();
  const notify = useNotify();
  const refresh = useRefresh();
  const goToNext = useNextInQueue();
  const mayDecide = useAllowed('review', 'decide');
  const organization = useSessionOrganization();
  const { data, error, refetch } = useGetOne<TReview>(
    'review',
    { id: Number(id) },
    { onError: () => undefined, retry: retryUnlessAnswered },
  );
  const [answered, setAnswered] = useState<TReview | null>(null);
  const [failed, setFailure] = useState<{
    registrationId: number;
    message: string;
    stale: boolean;
  } | null>(null);
  const [busy, setBusy] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const headings = useRef<(HTMLHeadingElement | null)[]>([]);
  const decisionHeading = useRef<HTMLHeadingElement>(null);
  const pendingFocus = useRef<number | null>(null);

  // A decision's answer or failure belongs to its registration: when the queue moves on, the
  // next one starts from what the server shows.
  const review = answered?.id === Number(id) ? answered : data;
  const failure = failed?.registrationId === Number(id) ? failed : null;

  // After a decision on an item, focus moves to the next item, or to the decision after the last.
  useEffect(() => {
    if (pendingFocus.current === null || !review) return;
    const next = headings.current[pendingFocus.current];
    pendingFocus.current = null;
    (next ?? decisionHeading.current)?.focus();
  }, [review]);

  if (error && !review) {
    return (
      <Box sx={{ pb: 4 }}>
        <LoadFailure error={error} title="Review" />
      </Box>
    );
  }
  if (!review) return <PageHeading title="Review" />;

  const call = async (action: TReviewAction, body: Record<string, unknown>): Promise<Outcome> => {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await api.decideReview(review.id, action, {
        version: review.version,
        ...body,
      });
      setAnswered(answer.message);
      return { review: answer.message };
    } catch (caught) {
      const message = messageOf(caught, MESSAGES.apiSubmissionError);
      const outcome = { failure: message, stale: message === REVIEW_STAFF_MESSAGES.staleVersion };
      setFailure({ registrationId: review.id, message, stale: outcome.stale });
      return outcome;
    } finally {
      setBusy(false);
    }
  };

  const decideItem = async (position: number, body: ItemRequest) => {
    const outcome = await call('document', { ...body });
    if ('review' in outcome) pendingFocus.current = position + 1;
  };

  const finish = async (action: TReviewAction, body: Record<string, unknown>, done: string) => {
    const outcome = await call(action, body);
    if (!('review' in outcome)) return;
    notify(done, { type: 'success' });
    refresh();
    await goToNext(review.id);
  };

  const reload = async () => {
    setAnswered(null);
    setFailure(null);
    await refetch();
  };

  const waiting = review.state === 'pending';
  const items = reviewedItems(review);
  const allAccepted = items.every((item) => item.decision === 'accepted');
  const allDecided = items.every((item) => item.decision !== 'pending');
  const anyRejected = items.some((item) => item.decision === 'rejected');
  const name = `${review.firstName} ${review.lastName}`;

  return (
    <Box sx={{ pb: 4, maxWidth: 1400 }}>
      <PageHeading title={`Review: ${name}`} />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip
          label={REVIEW_STATE_LABELS[review.state]}
          color={
            review.state === 'approved'
              ? 'success'
              : review.state === 'rejected'
                ? 'error'
                : 'default'
          }
        />
        {review.reregistered ? (
          <Chip label="Registering again" color="primary" variant="outlined" />
        ) : review.fromAccount ? (
          <Chip label="From My registrations" color="secondary" variant="outlined" />
        ) : review.resubmitted ? (
          <Chip label="Resubmitted" color="info" variant="outlined" />
        ) : null}
        <Typography variant="body2">
          {waiting
            ? `Waiting for ${waitedFor(review.queuedAt)} · ${review.organizationName}`
            : review.organizationName}
        </Typography>
      </Stack>
      {review.state === 'rejected' && review.rejectionReason ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          Rejected: {REGISTRATION_REJECTION_REASON_LABELS[review.rejectionReason]}
          {review.rejectionNote ? ` — “${review.rejectionNote}”` : ''}
        </Alert>
      ) : null}
      {failure ? (
        <Alert
          severity="error"
          sx={{ mt: 2 }}
          role="alert"
          action={
            failure.stale ? (
              <Button color="inherit" onClick={reload}>
                Reload
              </Button>
            ) : undefined
          }
        >
          {failure.message}
        </Alert>
      ) : null}

      <PersonAndCompany review={review} />

      <ReviewItems
        review={review}
        canDecide={waiting && mayDecide}
        busy={busy}
        headingRef={(position, element) => {
          headings.current[position] = element;
        }}
        onDecide={decideItem}
      />

      <Paper sx={{ p: 2, mt: 3 }} component="section" aria-labelledby="review-decision">
        <Typography
          variant="h6"
          component="h2"
          id="review-decision"
          ref={decisionHeading}
          tabIndex={-1}
        >
          Decision
        </Typography>
        {!mayDecide ? (
          <Typography variant="body2">
            {organization
              ? 'Viewers can read a review; a Reviewer or Program manager decides it.'
              : 'Viewers can read a review; an Editor or Administrator decides it.'}
          </Typography>
        ) : null}
        {waiting && mayDecide ? (
          <Typography variant="body2" sx={{ mb: 2 }}>
            {allAccepted
              ? 'Every document is accepted: approve the registration to enroll the person and send the welcome package.'
              : !allDecided
                ? 'Accept or reject every document, then approve the registration or send the decision.'
                : 'Some documents are rejected: send the decision to ask the registrant for corrections.'}
          </Typography>
        ) : null}
        {mayDecide ? (
          <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button
              variant="contained"
              color="success"
              disabled={busy || !waiting || !allAccepted}
              onClick={() => finish('approve', {}, 'Registration approved.')}
            >
              Approve Registration
            </Button>
            <Button
              variant="contained"
              disabled={busy || !waiting || !allDecided || !anyRejected}
              onClick={() => finish('request_changes', {}, 'Decision sent: changes requested.')}
            >
              Send Decision
            </Button>
            <Button
              variant="outlined"
              color="error"
              disabled={
                busy || (review.state !== 'pending' && review.state !== 'changes_requested')
              }
              onClick={() => setRejecting(true)}
            >
              Reject Registration
            </Button>
          </Stack>
        ) : null}
      </Paper>

      <ReviewHistory entries={review.history ?? []} />

      <RejectRegistrationDialog
        open={rejecting}
        busy={busy}
        onCancel={() => setRejecting(false)}
        onReject={async (reason, note) => {
          setRejecting(false);
          await finish('reject', { reason, note }, 'Registration rejected.');
        }}
      />
    </Box>
  );
}
