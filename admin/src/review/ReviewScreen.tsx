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
import { PageHeading } from '../components/PageHeading';
import { useAllowed } from '../components/useAllowed';
import type { TReviewAction } from '../providers/dataProvider';
import { RejectRegistrationDialog } from './RejectRegistrationDialog';
import { ReviewHistory } from './ReviewHistory';
import { type ItemDecision, ReviewItem } from './ReviewItem';
import { dateTime, EXPIRY_LABELS, type TReview, waitedFor } from './reviewWords';
import { useNextInQueue } from './useNextInQueue';

function Facts({ rows }: { rows: [string, string][] }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {value || '—'}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function PersonAndCompany({ review }: { review: TReview }) {
  const { company } = review;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, mt: 2 }}>
      <Paper sx={{ p: 2 }} component="section" aria-labelledby="review-company">
        <Typography variant="h6" component="h2" id="review-company">
          Company
        </Typography>
        {company ? (
          <>
            <Chip
              size="small"
              sx={{ my: 1 }}
              color={company.matched ? 'info' : 'default'}
              label={
                company.matched === null
                  ? 'Match unknown'
                  : company.matched
                    ? 'Matched an existing company'
                    : 'New company'
              }
            />
            <Facts
              rows={[
                ['Name', company.name],
                ['Address', [company.address1, company.address2].filter(Boolean).join(', ')],
                ['City', `${company.city}, ${company.state} ${company.zip}`],
                ['Phone', company.phone],
              ]}
            />
          </>
        ) : (
          <Typography>No company on file.</Typography>
        )}
      </Paper>
      <Paper sx={{ p: 2 }} component="section" aria-labelledby="review-person">
        <Typography variant="h6" component="h2" id="review-person">
          Person
        </Typography>
        <Facts
          rows={[
            ['Name', `${review.firstName} ${review.lastName}`],
            ['User Type', review.userType === 'admin' ? 'Admin' : 'Tester'],
            ['Email', review.email],
            ['Phone', review.phone ?? ''],
            ['Organization', review.organizationName],
            ['Registered', dateTime(review.registeredAt)],
          ]}
        />
      </Paper>
    </Box>
  );
}

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
  const { data, error, refetch } = useGetOne<TReview>(
    'review',
    { id: Number(id) },
    { onError: () => undefined },
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
        <PageHeading title="Review" />
        <Alert severity="error">{messageOf(error, MESSAGES.apiRequestError)}</Alert>
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

  const decideItem = async (position: number, body: ItemDecision & Record<string, unknown>) => {
    const outcome = await call('document', body);
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
  const certifications = review.certifications ?? [];
  const testKits = review.testKits ?? [];
  const items = [...certifications, ...testKits];
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
        {review.fromAccount ? (
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

      <Typography variant="h6" component="h2" sx={{ mt: 3 }}>
        Certifications
      </Typography>
      {certifications.length === 0 ? (
        <Typography>No certifications: admins register without them.</Typography>
      ) : null}
      {certifications.map((certification, position) => (
        <ReviewItem
          key={`certification-${certification.id}`}
          headingRef={(element) => {
            headings.current[position] = element;
          }}
          title={`Certification ${certification.number}`}
          details={[
            ['Number', certification.number],
            ['Agency', certification.agencyName],
            ['Type', certification.typeName],
            [
              'Expiration',
              <>
                {certification.expiresOn}{' '}
                {certification.expiry !== 'valid' ? (
                  <Chip
                    size="small"
                    color={certification.expiry === 'expired' ? 'error' : 'warning'}
                    label={EXPIRY_LABELS[certification.expiry]}
                  />
                ) : null}
              </>,
            ],
          ]}
          item={certification}
          canDecide={waiting && mayDecide}
          busy={busy}
          onDecide={(decision) =>
            decideItem(position, { item: 'certification', itemId: certification.id, ...decision })
          }
        />
      ))}

      <Typography variant="h6" component="h2" sx={{ mt: 3 }}>
        Test Kits
      </Typography>
      {testKits.length === 0 ? <Typography>No test kits were submitted.</Typography> : null}
      {testKits.map((kit, index) => {
        const position = certifications.length + index;
        return (
          <ReviewItem
            key={`kit-${kit.id}`}
            headingRef={(element) => {
              headings.current[position] = element;
            }}
            title={`Test Kit ${kit.serial}`}
            details={[
              ['Serial Number', kit.serial],
              ['Manufacturer', kit.manufacturer],
              ['Model', kit.model],
              ['Calibration Date', kit.calibratedOn],
            ]}
            item={kit}
            canDecide={waiting && mayDecide}
            busy={busy}
            onDecide={(decision) =>
              decideItem(position, { item: 'testKit', itemId: kit.id, ...decision })
            }
          />
        );
      })}

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
            Viewers can read a review; an Editor or Administrator decides it.
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
