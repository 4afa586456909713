// The console's names for the /api/sc wire shapes (spec sections 3 and 7). Answers are typed by
// the shared response schemas the server answers through, payloads by the shared request rules:
// nothing here is written a second time.
import type { z } from 'zod';
import type { TApiAnswer } from '../../../shared/codes';
import type { ZOrganizationEditInfo } from '../../../shared/staff';
import type { ZWebhookSecretResponse } from '../../../shared/webhook-endpoints';

export type {
  TAssociatedAgency as AgencyEntry,
  TConsoleConfigResponse as ConsoleConfig,
  TOrganizationDetail as OrgInfo,
  TOrganizationMatch as OrganizationMatch,
} from '../../../shared/staff-responses';

/** The create and edit payloads' organization fields (the name and id travel beside them). */
export type OrganizationPayload = Omit<z.input<typeof ZOrganizationEditInfo>, 'orgID' | 'orgURL'>;

/** The answer of a call that changed something: the server's code and words. */
export type MutationAnswer = TApiAnswer;

/** An endpoint's signing secret as shown or rotated, and until when the replaced one signs. */
export type WebhookSecret = z.infer<typeof ZWebhookSecretResponse>;
