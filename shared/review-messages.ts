// Every word the registrant reads about the review of their registration: the personal status
// page and the decision emails (welcome, changes requested, rejected), in English, keyed by
// meaning. `{name}` placeholders are filled with fillMessage. The console shows the same state,
// decision and reason labels, so staff and registrant read the same words.
import type {
  TDocumentDecision,
  TDocumentRejectionReason,
  TRegistrationRejectionReason,
  TReviewState,
} from './review.js';

export const REVIEW_STATE_LABELS: Record<TReviewState, string> = {
  pending: 'Pending review',
  changes_requested: 'Changes requested',
  approved: 'Approved',
  rejected: 'Rejected',
};

export const DOCUMENT_DECISION_LABELS: Record<TDocumentDecision, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  rejected: 'Rejected',
};

export const DOCUMENT_REJECTION_REASON_LABELS: Record<TDocumentRejectionReason, string> = {
  unreadable: 'Unreadable document',
  mismatch: 'Document does not match the number, agency or type entered',
  expired: 'Expired',
  wrong_document: 'Wrong document',
  other: 'Other',
};

export const REGISTRATION_REJECTION_REASON_LABELS: Record<TRegistrationRejectionReason, string> = {
  not_eligible: 'Not eligible for this program',
  duplicate: 'Duplicate registration',
  not_verified: 'The certifications could not be verified',
  other: 'Other',
};

/** The personal status page (/form/{hash}/status/{token}). */
export const STATUS_PAGE_MESSAGES = {
  title: 'Your Registration',
  intro: 'This page shows the review of your registration with {organization}.',
  stateLine: 'Status: {state}',
  registeredOn: 'Registered on {date}.',
  certificationsHeading: 'Certifications',
  testKitsHeading: 'Test Kits',
  certificationTitle: 'Certification {number}',
  testKitTitle: 'Test Kit {serial}',
  decisionLine: 'Decision: {decision}',
  reasonLine: 'Reason: {reason}',
  noteLine: 'Note from the reviewer: {note}',
  correctIntro:
    'Correct the details below and upload a replacement document. Your current document is kept if you do not upload a new one.',
  replacementLabel: 'Replacement Document',
  sendCorrections: 'Send Corrections',
  sending: 'Sending...',
  pendingText:
    'Your registration is waiting for review. You will receive an email when it has been reviewed.',
  approvedText: 'Your registration has been approved. Your login details follow by email.',
  rejectedText: 'Your registration was not approved.',
  correctionsSentTitle: 'Corrections Sent',
  correctionsSentText:
    'Thank you. Your corrections were sent and your registration is waiting for review again. You will receive an email when it has been reviewed.',
  invalidLinkTitle: 'This Link Cannot Be Used',
  invalidLinkText:
    'This status link is not valid: it may have expired, it may already have been used to send corrections, or it may have been copied incompletely. The most recent email about your registration has a link that works.',
  uploadChosenFile:
    'Please upload the chosen file before sending, or reload the page to keep your current document.',
  // Answers of the correction call.
  nothingChanged: 'Please correct this item or upload a replacement document.',
  notAwaitingCorrections: 'This registration is not waiting for corrections.',
  itemNotRejected: 'This item does not need a correction.',
  correctionsMissing: 'Please correct every item that was rejected.',
} as const;

/** The decision emails. The admins' copies open with adminCopyIntro. */
export const REVIEW_EMAIL_MESSAGES = {
  greeting: 'Hello {firstName},',
  adminCopyIntro:
    'You receive this copy as an administrator of {company} registered with {organization}. This message was sent to {person}:',
  supportLine: 'Questions? Contact support: {supportUrl}',

  welcomeSubject: 'Welcome to the {organization} backflow testing program',
  welcomeApproved: 'Your registration with {organization} has been approved. Welcome!',
  welcomeLoginDetails:
    'Your login details for submitting tests will follow by email within {hours} hours.',
  welcomeKnowledgeBase: 'Learn how to use the platform in our knowledge base: {knowledgeBaseUrl}',

  changesSubject: 'Changes needed for your {organization} registration',
  changesIntro:
    'We reviewed your registration with {organization}. These items need a correction before it can be approved:',
  changesCertification: '- Certification {number} ({agency}, {type}): {reason}',
  changesTestKit: '- Test kit {serial} ({manufacturer} {model}): {reason}',
  changesNote: '  Note from the reviewer: {note}',
  changesLink:
    'Send your corrections through your personal link. It works until {date} and only for your registration:',
  changesLinkForPerson: '{person} has received a personal link to send the corrections.',

  rejectedSubject: 'Your {organization} registration was not approved',
  rejectedIntro: 'We reviewed your registration with {organization} and could not approve it.',
  rejectedReason: 'Reason: {reason}',
  rejectedNote: 'Note from the reviewer: {note}',
  rejectedMistake: 'If you believe this is a mistake, please contact support: {supportUrl}',
} as const;
