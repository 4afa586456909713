import type { EntityManager } from '@mikro-orm/postgresql';
import { MESSAGES } from '../../../../shared/codes.js';
import { credentialRecord } from '../../../../shared/credentials.js';
import { credentialProblems, type TJudgedOn } from '../../../../shared/requirements.js';
import {
  correctionPath,
  type TCertificationCorrection,
  type TCorrectionErrors,
  type TCredentialCorrection,
  type TCredentialRule,
  type TTestKitCorrection,
} from '../../../../shared/review.js';
import {
  CertificationAgency,
  CertificationType,
  type TCertification,
  type TCredential,
  type TTestKit,
} from '../../db/entities/index.js';
import { checkRenewal, type RenewalInput } from '../compliance/renewals.js';
import type { LinkRow } from '../registration/queries.js';
import { certificationLabel, credentialLabel, testKitLabel } from './items.js';

// The items a status link's corrections (or renewals) change, each read against what it sent:
// a certification by the organization's agencies, a test kit as typed, a credential by the
// organization's requirement of its type (shared/requirements.ts), as the wizard checks them.

const certificationDetails = (
  c: Pick<TCertification, 'number' | 'agencyName' | 'typeName' | 'expiresOn'>,
) => `${c.number} · ${c.agencyName} · ${c.typeName} · expires ${c.expiresOn}`;
const testKitDetails = (k: Pick<TTestKit, 'serial' | 'manufacturer' | 'model' | 'calibratedOn'>) =>
  `${k.serial} · ${k.manufacturer} ${k.model} · calibrated ${k.calibratedOn}`;

export interface Correction {
  kind: 'certification' | 'testKit' | 'credential';
  item: TCertification | TTestKit | TCredential;
  /** The replacement document, when one was uploaded. */
  documentId: string | undefined;
  apply(tx: EntityManager): void;
  /** Keeps the values sent beside the item, to replace it once accepted (a renewal). */
  holdAsRenewal(): void;
  unchanged: boolean;
  /** The date on file and the one sent: an expiry, a kit's calibration date. */
  currentDate: string;
  newDate: string;
  details(): string;
  label(): string;
}

function certificationCorrection(
  item: TCertification,
  input: TCertificationCorrection,
  rules: LinkRow['certs'],
  errors: TCorrectionErrors,
): Correction {
  const path = (field: string) => correctionPath('certification', item.id, field);
  const agency = rules[String(input.certAgency)];
  const typeName = agency?.associatedTypes[String(input.certType)];
  if (!agency) errors.fieldErrors[path('certAgency')] = MESSAGES.certAgencyNotAccepted;
  else if (typeName === undefined) {
    errors.fieldErrors[path('certType')] = MESSAGES.certTypeNotForAgency;
  }
  return {
    kind: 'certification',
    item,
    documentId: input.certDocLink,
    unchanged: item.renewal
      ? item.renewal.number === input.certNum &&
        item.renewal.expiresOn === input.certExp &&
        item.renewal.agencyId === input.certAgency &&
        item.renewal.typeId === input.certType
      : item.number === input.certNum &&
        item.expiresOn === input.certExp &&
        item.agency?.id === input.certAgency &&
        item.type?.id === input.certType,
    currentDate: item.expiresOn,
    newDate: input.certExp,
    apply(tx) {
      item.number = input.certNum;
      item.expiresOn = input.certExp;
      item.agency = tx.getReference(CertificationAgency, input.certAgency);
      item.agencyName = agency?.agency ?? '';
      item.type = tx.getReference(CertificationType, input.certType);
      item.typeName = typeName ?? '';
    },
    holdAsRenewal() {
      item.renewal = {
        number: input.certNum,
        expiresOn: input.certExp,
        agencyId: input.certAgency,
        agencyName: agency?.agency ?? '',
        typeId: input.certType,
        typeName: typeName ?? '',
        documentId: input.certDocLink ?? item.renewal?.documentId ?? '',
      };
    },
    // A renewal waiting beside the item is what the registrant sees and corrects.
    details: () => certificationDetails(item.renewal ?? item),
    label: () => certificationLabel(item.renewal ?? item),
  };
}

function testKitCorrection(item: TTestKit, input: TTestKitCorrection): Correction {
  // A renewal waiting beside the kit is what the registrant corrects.
  const current = item.renewal ?? item;
  return {
    kind: 'testKit',
    item,
    documentId: input.kitCalibDocLink,
    unchanged:
      current.serial === input.kitSerial &&
      current.manufacturer === input.kitMfr &&
      current.model === input.kitModel &&
      current.calibratedOn === input.kitCalibDate,
    currentDate: item.calibratedOn,
    newDate: input.kitCalibDate,
    apply() {
      item.serial = input.kitSerial;
      item.manufacturer = input.kitMfr;
      item.model = input.kitModel;
      item.calibratedOn = input.kitCalibDate;
    },
    holdAsRenewal() {
      item.renewal = {
        serial: input.kitSerial,
        manufacturer: input.kitMfr,
        model: input.kitModel,
        calibratedOn: input.kitCalibDate,
        documentId: input.kitCalibDocLink ?? item.renewal?.documentId ?? '',
      };
    },
    details: () => testKitDetails(item.renewal ?? item),
    label: () => testKitLabel(item.renewal ?? item),
  };
}

const credentialDetails = (c: Pick<TCredential, 'issuer' | 'number' | 'coverage' | 'expiresOn'>) =>
  [
    c.issuer,
    c.number,
    c.coverage === null ? null : `coverage ${c.coverage}`,
    c.expiresOn ? `expires ${c.expiresOn}` : null,
  ]
    .filter(Boolean)
    .join(' · ');

/**
 * A credential's values checked by the organization's requirement of its type (the facts it
 * carries, a minimum coverage, additional insured, expiry), as the wizard checks them.
 */
function credentialCorrection(
  item: TCredential,
  input: TCredentialCorrection,
  rule: TCredentialRule | null,
  judged: TJudgedOn,
  errors: TCorrectionErrors,
): Correction {
  const path = (field: string) => correctionPath('credential', item.id, field);
  const typeId = item.credentialType?.id;
  if (!rule || typeId === undefined) errors.generalErrors.push(MESSAGES.badRequest);
  const requirement = {
    id: typeId ?? 0,
    name: item.typeName,
    holder: item.holder,
    expires: rule?.expires ?? false,
    facts: rule?.facts ?? [],
    required: true,
    minimumCoverage: rule?.minimumCoverage ?? null,
    additionalInsured: rule?.additionalInsured ?? false,
  };
  for (const [field, message] of Object.entries(
    credentialProblems(input, requirement, requirement, judged),
  )) {
    errors.fieldErrors[path(field)] ??= message;
  }
  const { credentialTypeId, typeName, holder, ...values } = credentialRecord(
    { ...input, documentLink: input.documentLink ?? '' },
    requirement,
  );
  const current = item.renewal ?? item;
  return {
    kind: 'credential',
    item,
    documentId: input.documentLink,
    unchanged:
      current.issuer === values.issuer &&
      current.number === values.number &&
      (current.coverage === null ? null : Number(current.coverage)) === values.coverage &&
      current.additionalInsured === values.additionalInsured &&
      current.expiresOn === values.expiresOn,
    currentDate: item.expiresOn ?? '',
    newDate: values.expiresOn ?? '',
    apply() {
      item.issuer = values.issuer;
      item.number = values.number;
      item.coverage = values.coverage;
      item.additionalInsured = values.additionalInsured;
      item.expiresOn = values.expiresOn;
    },
    holdAsRenewal() {
      item.renewal = {
        ...values,
        documentId: input.documentLink ?? item.renewal?.documentId ?? '',
      };
    },
    details: () => credentialDetails(item.renewal ?? item),
    label: () =>
      credentialLabel({ typeName: item.typeName, number: (item.renewal ?? item).number }),
  };
}

const DOCUMENT_FIELDS = {
  certification: 'certDocLink',
  testKit: 'kitCalibDocLink',
  credential: 'documentLink',
} as const satisfies Record<Correction['kind'], string>;

/** Where a correction's document problem is shown. */
export const documentPath = (correction: Correction) =>
  correctionPath(correction.kind, correction.item.id, DOCUMENT_FIELDS[correction.kind]);

/** A correction read as a renewal: the item's date on file, the one sent, the new document. */
const renewalOf = (correction: Correction): RenewalInput => ({
  kind: correction.kind,
  id: correction.item.id,
  currentDate: correction.currentDate,
  newDate: correction.newDate,
  documentId: correction.documentId,
});

/** The items a status link may change now, and the rules the credentials among them are read by. */
export interface OpenItems {
  certifications: TCertification[];
  testKits: TTestKit[];
  credentials: TCredential[];
  credentialRules: Map<number, TCredentialRule | null>;
}

/**
 * Matches each correction to an item it may change (the registration's certifications, its
 * submission's test kits): for corrections every rejected item needs one that changes
 * something; renewals renew at least one renewable item, each with its own rules.
 */
export function matchCorrections(
  open: OpenItems,
  corrections: {
    certifications: TCertificationCorrection[];
    testKits: TTestKitCorrection[];
    credentials: TCredentialCorrection[];
  },
  link: Pick<LinkRow, 'certs' | 'accept_expired_certifications'>,
  errors: TCorrectionErrors,
  judged: { today: string; renewing: boolean },
): Correction[] {
  const renewal = judged.renewing ? { today: judged.today } : undefined;
  const matched: Correction[] = [];
  let missing = false;
  const pair = <I extends { id: number }, C extends { id: number }>(
    kind: Correction['kind'],
    items: I[],
    inputs: C[],
    make: (item: I, input: C) => Correction,
  ) => {
    const corrects = (item: I) => matched.some((c) => c.kind === kind && c.item.id === item.id);
    for (const input of inputs) {
      const item = items.find((candidate) => candidate.id === input.id);
      if (!item) {
        errors.generalErrors.push(
          renewal ? MESSAGES.renewalNotNeeded : MESSAGES.correctionItemNotRejected,
        );
      } else if (corrects(item)) errors.generalErrors.push(MESSAGES.badRequest);
      else matched.push(make(item, input));
    }
    if (!items.every(corrects)) missing = true;
  };
  pair('certification', open.certifications, corrections.certifications, (item, input) =>
    certificationCorrection(item, input, link.certs, errors),
  );
  pair('testKit', open.testKits, corrections.testKits, testKitCorrection);
  pair('credential', open.credentials, corrections.credentials, (item, input) =>
    credentialCorrection(
      item,
      input,
      open.credentialRules.get(item.id) ?? null,
      {
        programDate: judged.today,
        acceptExpired: link.accept_expired_certifications,
      },
      errors,
    ),
  );
  if (renewal) {
    if (matched.length === 0) errors.generalErrors.push(MESSAGES.renewalsMissing);
    for (const correction of matched) checkRenewal(renewalOf(correction), renewal.today, errors);
    return matched;
  }
  if (missing) errors.generalErrors.push(MESSAGES.correctionsMissing);
  for (const correction of matched) {
    if (correction.unchanged && !correction.documentId) {
      errors.fieldErrors[documentPath(correction)] ??= MESSAGES.correctionNothingChanged;
    }
  }
  return matched;
}

export const failed = (errors: TCorrectionErrors) =>
  errors.generalErrors.length > 0 || Object.keys(errors.fieldErrors).length > 0;
