import { createHash, randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verifySync } from 'otplib';

/** How the site names itself in the authenticator app. */
export const TOTP_ISSUER = 'Wren Calloway admin';
export const RECOVERY_CODE_COUNT = 10;

/** A new base32 secret (160 bits, as RFC 6238 suggests for SHA-1). */
export function newTotpSecret(): string {
  return generateSecret();
}

/** The `otpauth://totp/…` address an authenticator app reads from the QR code. */
export function otpauthUrl(secret: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: 'admin', secret });
}

/**
 * The 30-second step a 6-digit code belongs to, when it is right now, or one step either side
 * (a phone's clock a little off); null otherwise, or when that step is not after `afterStep`
 * (a code already used).
 */
export function totpStep(secret: string, code: string, afterStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  try {
    const result = verifySync({
      secret,
      token: code,
      epochTolerance: 30,
      ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
    });
    // A TOTP result names the time step it matched.
    return result.valid && 'timeStep' in result ? (result.timeStep as number) : null;
  } catch {
    return null;
  }
}

/** Ten recovery codes such as `7f3a-91c2-0b5e`, shown once; only their hashes are kept. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    (randomBytes(6).toString('hex').match(/.{4}/g) ?? []).join('-'),
  );
}

/** The kept form of a recovery code: spaces, dashes and letter case do not matter. */
export function recoveryCodeHash(code: string): string {
  const plain = code.replace(/[\s-]/g, '').toLowerCase();
  return createHash('sha256').update(plain).digest('hex');
}

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
