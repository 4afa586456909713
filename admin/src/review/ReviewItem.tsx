import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { Alert, Box, Button, Chip, Link, Paper, Stack, TextField, Typography } from '@mui/material';
import { type ReactNode, type Ref, useId, useState } from 'react';
import {
  REVIEW_NOTE_MAX,
  REVIEW_STAFF_MESSAGES,
  type TDocumentRejectionReason,
} from '../../../shared/review';
import {
  DOCUMENT_DECISION_LABELS,
  DOCUMENT_REJECTION_REASON_LABELS,
} from '../../../shared/review-messages';
import { dateTime } from '../components/dates';
import { useConsolePath } from '../components/paths';
import { DocumentViewer, documentPagePath } from '../documents/DocumentViewer';
import { DOCUMENT_REASON_CHOICES, type TReviewCertification } from './reviewWords';

type ReviewedItem = Pick<
  TReviewCertification,
  'id' | 'decision' | 'reason' | 'note' | 'document' | 'earlierVersions' | 'renewal'
>;

export interface ItemDecision {
  decision: 'accepted' | 'rejected';
  reason?: TDocumentRejectionReason;
  note?: string;
}

interface Props {
  title: string;
  /** What was typed for it: label and value pairs, shown beside the document. */
  details: [string, ReactNode][];
  item: ReviewedItem;
  /** Decisions are open (the registration waits for review) and no other call runs. */
  canDecide: boolean;
  busy: boolean;
  onDecide(decision: ItemDecision): void;
  /** The item's heading, which takes focus when the item before it is decided. */
  headingRef?: Ref<HTMLHeadingElement>;
}

const DECISION_COLORS = { pending: 'default', accepted: 'success', rejected: 'error' } as const;

function EarlierVersions({ item, title }: { item: ReviewedItem; title: string }) {
  const consolePath = useConsolePath();
  if (item.earlierVersions.length === 0) return null;
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h4">
        Earlier versions
      </Typography>
      <ul>
        {item.earlierVersions.map((version) => (
          <li key={`${version.replacedAt}-${version.summary}`}>
            <Typography variant="body2">
              Replaced {dateTime(version.replacedAt)}: {version.summary}
              {version.document ? (
                <>
                  {' '}
                  <Link
                    href={consolePath(documentPagePath(version.document.id))}
                    target="_blank"
                    rel="noopener"
                  >
                    Earlier document of {title}
                  </Link>
                </>
              ) : null}
            </Typography>
          </li>
        ))}
      </ul>
    </Box>
  );
}

/**
 * One certification or test kit beside its document: what was typed, the decision so far, and
 * Accept or Reject (with a reason and a note for the registrant).
 */
export function ReviewItem({ title, details, item, canDecide, busy, onDecide, headingRef }: Props) {
  const id = useId();
  const [reason, setReason] = useState<TDocumentRejectionReason | ''>(item.reason ?? '');
  const [note, setNote] = useState(item.note ?? '');
  // Reject pressed without a reason: said at the field until one is chosen.
  const [rejectPressed, setRejectPressed] = useState(false);
  const reasonMissing = rejectPressed && !reason;
  const reject = () => {
    setRejectPressed(true);
    if (reason) onDecide({ decision: 'rejected', reason, note });
  };
  return (
    <Paper sx={{ p: 2, mt: 2 }} component="section" aria-labelledby={`${id}-title`}>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', lg: 'minmax(280px, 1fr) 2fr' },
        }}
      >
        <Box>
          <Typography
            variant="h6"
            component="h3"
            id={`${id}-title`}
            ref={headingRef}
            tabIndex={-1}
            sx={{ '&:focus': { outline: '2px solid', outlineOffset: 2 } }}
          >
            {title}
          </Typography>
          {item.renewal ? (
            <Chip
              size="small"
              color="info"
              variant="outlined"
              sx={{ my: 1 }}
              label="Renewal: replaces the one on file once accepted"
            />
          ) : null}
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 0.5, columnGap: 2 }}
          >
            {details.map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {label}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                  {value}
                </Typography>
              </Box>
            ))}
          </Box>
          <Box sx={{ mt: 2, display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="body2">Decision:</Typography>
            <Chip
              size="small"
              color={DECISION_COLORS[item.decision]}
              label={DOCUMENT_DECISION_LABELS[item.decision]}
            />
            {item.decision === 'rejected' && item.reason ? (
              <Typography variant="body2">
                {DOCUMENT_REJECTION_REASON_LABELS[item.reason]}
                {item.note ? ` — “${item.note}”` : ''}
              </Typography>
            ) : null}
          </Box>
          {canDecide ? (
            <Stack spacing={1.5} sx={{ mt: 2 }}>
              <Box>
                <Button
                  variant="contained"
                  color="success"
                  startIcon={<CheckIcon />}
                  disabled={busy}
                  onClick={() => onDecide({ decision: 'accepted' })}
                  aria-label={`Accept ${title}`}
                >
                  Accept
                </Button>
              </Box>
              <TextField
                select
                size="small"
                label="Reason for rejecting"
                value={reason}
                onChange={(event) => setReason(event.target.value as TDocumentRejectionReason)}
                error={reasonMissing}
                helperText={reasonMissing ? REVIEW_STAFF_MESSAGES.reasonRequired : undefined}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                <option value="">Choose a reason</option>
                {DOCUMENT_REASON_CHOICES.map((choice) => (
                  <option key={choice.id} value={choice.id}>
                    {choice.name}
                  </option>
                ))}
              </TextField>
              <TextField
                size="small"
                label="Note for the registrant (optional)"
                value={note}
                onChange={(event) => setNote(event.target.value)}
                multiline
                minRows={2}
                slotProps={{ htmlInput: { maxLength: REVIEW_NOTE_MAX } }}
              />
              <Box>
                <Button
                  variant="outlined"
                  color="error"
                  startIcon={<CloseIcon />}
                  disabled={busy}
                  onClick={reject}
                  aria-label={`Reject ${title}`}
                >
                  Reject
                </Button>
              </Box>
            </Stack>
          ) : null}
          <EarlierVersions item={item} title={title} />
        </Box>
        <Box>
          {item.document ? (
            <DocumentViewer
              url={item.document.url}
              documentId={item.document.id}
              label={`Document of ${title}`}
            />
          ) : (
            <Alert severity="warning">No document was uploaded for this item.</Alert>
          )}
        </Box>
      </Box>
    </Paper>
  );
}
