import { newPasswordProblem, SIGN_IN_MESSAGES } from '../../../../shared/staff-sign-in.js';

// A new staff password: the shared length rule, then a guessability check against the common
// and breached passwords shipped in @zxcvbn-ts/language-common (no network at run time), with
// zxcvbn's patterns (repeats, sequences, keyboard walks, dates, l33t) applied to them. No
// composition rules (ASVS v5.0 V6.2.5).

/** zxcvbn's score of at least 3: more than 10^8 guesses. */
const LEAST_SCORE = 3;

type Checker = (password: string, userInputs: string[]) => number;
let checker: Promise<Checker> | undefined;

/** Loaded on first use: the dictionaries take a moment to build and most requests never need them. */
function loadChecker(): Promise<Checker> {
  checker ??= (async () => {
    const [{ ZxcvbnFactory }, common] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
    ]);
    const zxcvbn = new ZxcvbnFactory({
      dictionary: common.dictionary,
      graphs: common.adjacencyGraphs,
    });
    return (password, userInputs) => zxcvbn.check(password, userInputs).score;
  })();
  return checker;
}

/** What is wrong with this new password, or undefined; the person's email counts as guessable. */
export async function passwordProblem(
  password: string,
  email?: string,
): Promise<string | undefined> {
  const length = newPasswordProblem(password);
  if (length) return length;
  const check = await loadChecker();
  const inputs = email ? [email, ...email.split(/[@.+_-]/).filter((part) => part.length > 2)] : [];
  // zxcvbn's cost grows with length; past 256 characters a password is long enough.
  if (password.length > 256) return undefined;
  return check(password, inputs) < LEAST_SCORE ? SIGN_IN_MESSAGES.passwordTooCommon : undefined;
}
