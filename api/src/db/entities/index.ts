import { AccountEmailChange, AccountSession, AccountSignInLink } from './account.js';
import { AssemblyCorrection } from './assembly-correction.js';
import { AgencyType, CertificationAgency, CertificationType } from './certification.js';
import { Company } from './company.js';
import { Credential, CredentialType } from './credential.js';
import { DirectoryVersion } from './directory-version.js';
import { Document } from './document.js';
import { Draft, DraftDocument } from './draft.js';
import { OutboxEmail } from './email.js';
import {
  ApiKey,
  WebhookAttempt,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEvent,
} from './integration.js';
import { Assembly, AssemblyComplianceChange, Location } from './inventory.js';
import { InventoryImport, InventoryImportEntry } from './inventory-import.js';
import {
  Organization,
  OrganizationAgency,
  OrganizationCredentialRequirement,
} from './organization.js';
import {
  CalibrationPeriod,
  CertificationPeriod,
  CredentialPeriod,
  RegistrationActivity,
} from './record-period.js';
import { Reminder } from './reminder.js';
import {
  AuditEntry,
  OrganizationMembership,
  StaffAccount,
  StaffPasswordLink,
  StaffRecoveryCode,
  StaffSession,
} from './staff.js';
import { StatusToken } from './status-token.js';
import { Submission } from './submission.js';
import { TestKit } from './test-kit.js';
import { TestReport } from './test-report.js';
import { Certification, Registration, User, UserCompany } from './user.js';

export * from './account.js';
export * from './assembly-correction.js';
export type { TCertificationValues, TTestKitValues } from './base.js';
export * from './certification.js';
export * from './company.js';
export * from './credential.js';
export * from './directory-version.js';
export * from './document.js';
export * from './draft.js';
export * from './email.js';
export * from './integration.js';
export * from './inventory.js';
export * from './inventory-import.js';
export * from './organization.js';
export * from './record-period.js';
export * from './reminder.js';
export * from './staff.js';
export * from './status-token.js';
export * from './submission.js';
export * from './test-kit.js';
export * from './test-report.js';
export * from './user.js';

export const entities = [
  Organization,
  OrganizationAgency,
  CertificationAgency,
  CertificationType,
  AgencyType,
  CredentialType,
  OrganizationCredentialRequirement,
  Company,
  User,
  UserCompany,
  Registration,
  Certification,
  TestKit,
  Credential,
  Document,
  Submission,
  StaffAccount,
  OrganizationMembership,
  StaffSession,
  StaffPasswordLink,
  StaffRecoveryCode,
  AuditEntry,
  OutboxEmail,
  Draft,
  DraftDocument,
  StatusToken,
  Reminder,
  AccountSignInLink,
  AccountSession,
  AccountEmailChange,
  DirectoryVersion,
  ApiKey,
  WebhookEndpoint,
  WebhookEvent,
  WebhookDelivery,
  WebhookAttempt,
  Location,
  Assembly,
  AssemblyComplianceChange,
  InventoryImport,
  InventoryImportEntry,
  AssemblyCorrection,
  CertificationPeriod,
  CalibrationPeriod,
  CredentialPeriod,
  RegistrationActivity,
  TestReport,
];
