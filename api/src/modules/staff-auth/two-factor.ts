import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { TOTP_DIGITS } from '../../../../shared/staff-sign-in.js';
import { StaffRecoveryCode, type TStaffAccount } from '../../db/entities/index.js';
import { spendRecoveryCode, takeTotpStep } from './queries.js';

// Two-step sign-in with an authenticator app: TOTP (RFC 6238: HMAC-SHA1, 6 digits, 30-second
// steps, one step of clock drift either way), through otpauth; one-time recovery codes.

const ISSUER = 'Backflow Admin Console';
const PERIOD_SECONDS = 30;
/** Recovery codes given at enrolment: each 48 random bits, shown once, kept as SHA-256. */
const RECOVERY_CODE_COUNT = 10;

function totp(account: Pick<TStaffAccount, 'email'>, secret: string) {
  return new TOTP({
    issuer: ISSUER,
    label: account.email,
    secret: Secret.fromBase32(secret),
    digits: TOTP_DIGITS,
    period: PERIOD_SECONDS,
    algorithm: 'SHA1',
  });
}

/** A new secret (160 bits, RFC 4226's recommendation), its otpauth URL and that URL's QR code. */
export async function newTotpEnrolment(account: Pick<TStaffAccount, 'email'>) {
  const secret = new Secret({ size: 20 }).base32;
  const otpauthUrl = totp(account, secret).toString();
  const svg = await QRCode.toString(otpauthUrl, {
    type: 'svg',
    margin: 1,
    errorCorrectionLevel: 'M',
  });
  return {
    secret,
    otpauthUrl,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/**
 * Whether `code` is the account's current code (or the one just before or after) and was never
 * accepted before: its step is recorded by the statement that accepts it.
 */
export async function acceptTotpCode(
  em: EntityManager,
  account: Pick<TStaffAccount, 'id' | 'email'>,
  secret: string,
  code: string,
): Promise<boolean> {
  const digits = code.replace(/\s/g, '');
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(digits)) return false;
  const now = Date.now();
  const delta = totp(account, secret).validate({ token: digits, timestamp: now, window: 1 });
  if (delta === null) return false;
  const step = Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
  return takeTotpStep(em, { staffId: account.id, step });
}

const hashCode = (code: string) =>
  createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex');

/** Replaces the account's recovery codes with new ones; answers them (shown once). */
export async function newRecoveryCodes(em: EntityManager, staffId: number): Promise<string[]> {
  await em.nativeDelete(StaffRecoveryCode, { staff: staffId });
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const text = randomBytes(6).toString('hex');
    return `${text.slice(0, 4)}-${text.slice(4, 8)}-${text.slice(8)}`;
  });
  for (const code of codes) {
    em.create(StaffRecoveryCode, { staff: staffId, codeHash: hashCode(code), usedAt: null });
  }
  await em.flush();
  return codes;
}

/** Spends one of the account's recovery codes; answers whether it was one (and unused). */
export function spendRecovery(em: EntityManager, staffId: number, code: string) {
  return spendRecoveryCode(em, { staffId, codeHash: hashCode(code) });
}

/** A code as typed at sign-in: six digits from the app, or a recovery code. */
export async function acceptSecondFactor(
  em: EntityManager,
  account: TStaffAccount,
  code: string,
): Promise<'app' | 'recovery' | false> {
  if (!account.totpSecret || !account.totpEnabledAt) return false;
  if (await acceptTotpCode(em, account, account.totpSecret, code)) return 'app';
  return (await spendRecovery(em, account.id, code)) ? 'recovery' : false;
}
