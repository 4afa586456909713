import { credentialProblems } from '../../../../shared/requirements.js';
import {
  checkCorrections,
  correctionPath,
  type TCorrectionErrors,
  type TStatusView,
} from '../../../../shared/review.js';
import type { correctionBody } from './status-forms.js';

// The status page's checks before Send, fetched once the page shows (they are first needed at
// Send): the shared correction rules, and each credential's by its organization's requirement
// (expiry is judged by the server, which knows the program's day and the organization's rule).

export function checkStatusCorrections(
  body: ReturnType<typeof correctionBody>,
  status: Pick<TStatusView, 'credentials'>,
): { ok: true } | { ok: false; errors: TCorrectionErrors } {
  const checked = checkCorrections(body);
  const errors: TCorrectionErrors = checked.ok
    ? { generalErrors: [], fieldErrors: {} }
    : {
        generalErrors: checked.errors.generalErrors,
        fieldErrors: { ...checked.errors.fieldErrors },
      };
  for (const entry of body.credentials) {
    const item = status.credentials.find((candidate) => candidate.id === entry.id);
    if (!item?.rule) continue;
    const { rule } = item;
    const problems = credentialProblems(
      entry,
      { name: item.typeName, holder: item.holder, expires: rule.expires, facts: rule.facts },
      {
        required: true,
        minimumCoverage: rule.minimumCoverage,
        additionalInsured: rule.additionalInsured,
      },
      { programDate: '', acceptExpired: true },
    );
    for (const [field, message] of Object.entries(problems)) {
      errors.fieldErrors[correctionPath('credential', entry.id, field)] ??= message;
    }
  }
  const failed = errors.generalErrors.length > 0 || Object.keys(errors.fieldErrors).length > 0;
  return failed ? { ok: false, errors } : { ok: true };
}
