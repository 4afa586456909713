import { z } from 'zod';
import { INVENTORY_LIMITS, ZAssemblyNumber, ZNameplate } from './assemblies.js';

// Testers' corrections of an assembly on file: what a tester found in the field (another
// serial, make, model or size, or a replaced assembly) waits for the organization, who accepts
// or refuses it; until then the assembly on file stays as it is.

export const CORRECTION_KINDS = ['nameplate', 'replacement'] as const;
export type TCorrectionKind = (typeof CORRECTION_KINDS)[number];
export const CORRECTION_STATES = ['pending', 'accepted', 'refused'] as const;
export type TCorrectionState = (typeof CORRECTION_STATES)[number];

export const CORRECTION_MESSAGES = {
  kindInvalid: 'Please choose what you found: another nameplate or a replaced assembly.',
  nothingChanged: 'This is what is on file already: please change what you found.',
  replacementSerial: 'Please enter the serial of the assembly that replaced it.',
  notRegistered:
    'You can propose corrections only for assemblies of organizations you are registered with as an active tester.',
  notFound: 'Correction not found.',
  decided: 'This correction was already decided.',
  reasonRequired: 'Please say why the correction is refused.',
  decisionInvalid: 'Please accept or refuse the correction.',
  assemblyNotActive: 'Only an active assembly can be corrected.',
} as const;

const note = z.string().trim().max(INVENTORY_LIMITS.notes).optional().default('');

/**
 * A tester's proposal: the nameplate as found (nameplate), or the assembly now in its place
 * (replacement: its nameplate, the old one being replaced).
 */
export const ZCorrectionProposal = ZNameplate.extend({
  kind: z.enum(CORRECTION_KINDS, { error: CORRECTION_MESSAGES.kindInvalid }),
  note,
}).superRefine((proposal, context) => {
  if (proposal.kind === 'replacement' && !proposal.serial) {
    context.addIssue({
      code: 'custom',
      path: ['serial'],
      message: CORRECTION_MESSAGES.replacementSerial,
    });
  }
});
export type TCorrectionProposal = z.output<typeof ZCorrectionProposal>;

/**
 * The organization's decision. Accepting a replacement names the new assembly's assembly ID
 * (the utility's own numbering, which the tester does not know).
 */
export const ZCorrectionDecision = z
  .object({
    decision: z.enum(['accept', 'refuse'], { error: CORRECTION_MESSAGES.decisionInvalid }),
    reason: note,
    newAssemblyId: ZAssemblyNumber.optional(),
  })
  .superRefine((decision, context) => {
    if (decision.decision === 'refuse' && !decision.reason) {
      context.addIssue({
        code: 'custom',
        path: ['reason'],
        message: CORRECTION_MESSAGES.reasonRequired,
      });
    }
  });
export type TCorrectionDecision = z.output<typeof ZCorrectionDecision>;

const ZNameplateRecord = z.object({
  serial: z.string(),
  make: z.string(),
  model: z.string(),
  sizeInches: z.number().nullable(),
});

export const ZCorrectionRecord = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  /** The assembly on file (its database id) and the utility's assembly ID. */
  assemblyRef: z.number().int(),
  assemblyId: z.string(),
  locationId: z.number().int(),
  address: z.string(),
  kind: z.enum(CORRECTION_KINDS),
  /** The nameplate on file when proposed, and as found. */
  onFile: ZNameplateRecord,
  proposed: ZNameplateRecord,
  note: z.string(),
  proposedBy: z.string(),
  state: z.enum(CORRECTION_STATES),
  reason: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** Accepting a replacement: the assembly now in its place. */
  replacementRef: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TCorrectionRecord = z.infer<typeof ZCorrectionRecord>;
