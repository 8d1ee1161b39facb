export interface SessionStatus {
  authenticated: boolean;
}

export interface LoginRequest {
  password: string;
  /**
   * With two-step login on: the authenticator app's 6-digit code, or one of the recovery codes.
   */
  code?: string;
}

/** Body of `POST /api/admin/password-reset`: nothing; the link goes to ARTIST_EMAIL. */
export interface PasswordResetRequest {
  /** Optional, ignored: the reset link always goes to ARTIST_EMAIL. */
  email?: string;
}

/** Body of `POST /api/admin/password-reset/confirm`. */
export interface PasswordResetConfirm {
  token: string;
  password: string;
}

/** Answer of `POST /api/admin/2fa/setup`: the new secret, to scan or type into the app. */
export interface TwoFactorSetup {
  otpauthUrl: string;
  secret: string;
}

/**
 * Body of `POST /api/admin/2fa/setup`: nothing while two-step login is off; once it is on, the
 * app's current code (or a recovery code) or the password, so a stolen session cannot replace it.
 */
export interface TwoFactorSetupRequest {
  code?: string;
  password?: string;
}

/** Body of `POST /api/admin/2fa/enable` (and of `/disable`). */
export interface TwoFactorCode {
  code: string;
}

/** Answer of `POST /api/admin/2fa/enable`: ten single-use recovery codes, shown only this once. */
export interface TwoFactorEnabled {
  enabled: true;
  recoveryCodes: string[];
}

/** Answer of `GET /api/admin/2fa`. */
export interface TwoFactorStatus {
  enabled: boolean;
  recoveryCodesLeft: number;
}

export interface LoginResponse {
  success: boolean;
  message: string;
}

/** 401 of a login whose password is right when two-step login is on and no code came with it. */
export const TWO_FACTOR_CODE_REQUIRED_MESSAGE =
  'Enter the 6-digit code from your authenticator app, or one of your recovery codes.';

/** 401 of a login whose password is right but whose code is not (or was used already). */
export const TWO_FACTOR_CODE_WRONG_MESSAGE =
  'That code is not right, or it was used already. Enter the code your app shows now.';
