import { Chip, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { formatDollars } from '../../../shared/requirements';
import type { TReviewItemKind } from '../../../shared/review';
import { type ItemDecision, ReviewItem } from './ReviewItem';
import { EXPIRY_LABELS, type TReview, type TReviewCredential } from './reviewWords';

// The reviewed items of one registration, each beside its document: the certifications, the
// submission's test kits and the credentials its organization asks for. Items are numbered in
// that order, so a decision can move focus to the next one.

export type ItemRequest = ItemDecision & { item: TReviewItemKind; itemId: number };

interface Props {
  review: TReview;
  canDecide: boolean;
  busy: boolean;
  /** The heading of the item at this position (focused after the one before is decided). */
  headingRef(position: number, element: HTMLHeadingElement | null): void;
  onDecide(position: number, request: ItemRequest): void;
}

/** Every item the registration shows, in the screen's order. */
export const reviewedItems = (review: TReview) => [
  ...(review.certifications ?? []),
  ...(review.testKits ?? []),
  ...(review.credentials ?? []),
];

function Expiration({ on, expiry }: { on: string; expiry: 'expired' | 'expiring' | 'valid' }) {
  return (
    <>
      {on}{' '}
      {expiry !== 'valid' ? (
        <Chip
          size="small"
          color={expiry === 'expired' ? 'error' : 'warning'}
          label={EXPIRY_LABELS[expiry]}
        />
      ) : null}
    </>
  );
}

/** A credential's name on the screen: its type, and its number where it carries one. */
export const credentialTitle = (credential: TReviewCredential) =>
  [credential.typeName, credential.number].filter(Boolean).join(' ');

/** The facts a credential carries (a type carries some of them), as label and value pairs. */
function credentialDetails(credential: TReviewCredential): [string, ReactNode][] {
  const details: [string, ReactNode | null][] = [
    ['Type', credential.typeName],
    ['Held by', credential.holder === 'company' ? 'The company' : 'The tester'],
    ['Issuer', credential.issuer],
    ['Number', credential.number],
    ['Coverage', credential.coverage === null ? null : formatDollars(credential.coverage)],
    [
      'Additional Insured',
      credential.additionalInsured === null
        ? null
        : credential.additionalInsured
          ? 'Names the organization'
          : 'Does not name the organization',
    ],
    [
      'Expiration',
      credential.expiresOn && credential.expiry ? (
        <Expiration key="expiration" on={credential.expiresOn} expiry={credential.expiry} />
      ) : (
        'Does not expire'
      ),
    ],
  ];
  return details.filter((detail): detail is [string, ReactNode] => detail[1] !== null);
}

function Section({
  title,
  empty,
  children,
}: {
  title: string;
  empty: string;
  children: ReactNode[];
}) {
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mt: 3 }}>
        {title}
      </Typography>
      {children.length === 0 ? <Typography>{empty}</Typography> : children}
    </>
  );
}

export function ReviewItems({ review, canDecide, busy, headingRef, onDecide }: Props) {
  const certifications = review.certifications ?? [];
  const testKits = review.testKits ?? [];
  const credentials = review.credentials ?? [];
  const item = (
    position: number,
    kind: ItemRequest['item'],
    reviewed: (typeof certifications | typeof testKits | typeof credentials)[number],
    title: string,
    details: [string, ReactNode][],
  ) => (
    <ReviewItem
      key={`${kind}-${reviewed.id}`}
      headingRef={(element) => headingRef(position, element)}
      title={title}
      details={details}
      item={reviewed}
      canDecide={canDecide}
      busy={busy}
      onDecide={(decision) => onDecide(position, { item: kind, itemId: reviewed.id, ...decision })}
    />
  );
  return (
    <>
      <Section title="Certifications" empty="No certifications: admins register without them.">
        {certifications.map((certification, position) =>
          item(position, 'certification', certification, `Certification ${certification.number}`, [
            ['Number', certification.number],
            ['Agency', certification.agencyName],
            ['Type', certification.typeName],
            [
              'Expiration',
              <Expiration
                key="expiration"
                on={certification.expiresOn}
                expiry={certification.expiry}
              />,
            ],
          ]),
        )}
      </Section>
      <Section title="Test Kits" empty="No test kits were submitted.">
        {testKits.map((kit, index) =>
          item(certifications.length + index, 'testKit', kit, `Test Kit ${kit.serial}`, [
            ['Serial Number', kit.serial],
            ['Manufacturer', kit.manufacturer],
            ['Model', kit.model],
            ['Calibration Date', kit.calibratedOn],
          ]),
        )}
      </Section>
      {credentials.length > 0 ? (
        <Section title="Credentials" empty="">
          {credentials.map((credential, index) =>
            item(
              certifications.length + testKits.length + index,
              'credential',
              credential,
              credentialTitle(credential),
              credentialDetails(credential),
            ),
          )}
        </Section>
      ) : null}
    </>
  );
}
