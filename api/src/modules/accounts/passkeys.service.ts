import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { DataSource, LessThan } from 'typeorm';
import { PASSKEY_FAILED_MESSAGE, type AccountPasskey } from '@artist/contracts';
import { Clock } from '../../common/clock.js';
import { ARTIST_NAME } from '../../config/env.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { Transactions } from '../../database/transaction.js';
import { Passkey, PasskeyChallenge } from './account.entity.js';
import { digest, newSecret, type SignedInFan } from './fan-session.js';
import { SignInService } from './sign-in.service.js';

/** How long a passkey ceremony may take, from its options to its answer. */
const CEREMONY_MS = 5 * 60_000;

/**
 * The WebAuthn library, loaded with the first ceremony: it brings a few hundred modules (ASN.1 and
 * X.509 parsers), which every start of the server, and every command that loads the app's
 * modules, would otherwise load for sites where no fan has used a passkey yet.
 */
const webAuthn = () => import('@simplewebauthn/server');

/**
 * Passkeys (WebAuthn, @simplewebauthn/server): a signed-in fan registers one (a resident key,
 * user verification preferred), and signs in with it later with no email at all. The relying
 * party is PUBLIC_URL's host; the origin checked is PUBLIC_URL's. Each ceremony's challenge is
 * kept server-side under the digest of a short-lived cookie's value, and used once.
 */
@Injectable()
export class PasskeysService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
    private readonly signIn: SignInService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get rpID(): string {
    return new URL(this.config.publicUrl).hostname;
  }

  private get origin(): string {
    return new URL(this.config.publicUrl).origin;
  }

  /** Options to register a passkey for the fan, and the ceremony's cookie value. */
  async registrationOptions(
    fan: SignedInFan,
  ): Promise<{ options: PublicKeyCredentialCreationOptionsJSON; ceremony: string }> {
    const existing = await this.dataSource.manager.findBy(Passkey, { fanId: fan.fanId });
    const { generateRegistrationOptions } = await webAuthn();
    const options = await generateRegistrationOptions({
      rpName: ARTIST_NAME,
      rpID: this.rpID,
      userName: fan.email,
      userID: new TextEncoder().encode(`fan-${fan.fanId}`),
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({
        id: p.id,
        transports: p.transports ? p.transports.split(',') : undefined,
      })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    return { options, ceremony: await this.keep(options.challenge, fan.fanId) };
  }

  /** Checks the authenticator's answer and keeps the new passkey. */
  async register(
    fan: SignedInFan,
    ceremony: string | undefined,
    response: RegistrationResponseJSON,
  ): Promise<AccountPasskey> {
    const challenge = await this.take(ceremony, fan.fanId);
    const { verifyRegistrationResponse } = await webAuthn();
    let verified;
    try {
      verified = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: this.origin,
        expectedRPID: this.rpID,
        requireUserVerification: false,
      });
    } catch {
      throw new BadRequestException(PASSKEY_FAILED_MESSAGE);
    }
    if (!verified.verified) throw new BadRequestException(PASSKEY_FAILED_MESSAGE);
    const { credential } = verified.registrationInfo;
    const repo = this.dataSource.getRepository(Passkey);
    if (await repo.findOneBy({ id: credential.id }))
      throw new BadRequestException(PASSKEY_FAILED_MESSAGE);
    await repo.insert({
      id: credential.id,
      fanId: fan.fanId,
      email: fan.email,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports?.join(',') ?? null,
      lastUsedAt: null,
    });
    const saved = await repo.findOneByOrFail({ id: credential.id });
    return passkeyView(saved);
  }

  /** Options to sign in with any passkey of this site (no email asked). */
  async signInOptions(): Promise<{
    options: PublicKeyCredentialRequestOptionsJSON;
    ceremony: string;
  }> {
    const { generateAuthenticationOptions } = await webAuthn();
    const options = await generateAuthenticationOptions({
      rpID: this.rpID,
      userVerification: 'preferred',
    });
    return { options, ceremony: await this.keep(options.challenge, null) };
  }

  /** Checks a passkey's answer: the fan's address and a new session's cookie value. */
  async signInWith(
    ceremony: string | undefined,
    response: AuthenticationResponseJSON,
  ): Promise<{ email: string; sessionToken: string }> {
    const challenge = await this.take(ceremony, null);
    const passkey =
      typeof response?.id === 'string'
        ? await this.dataSource.getRepository(Passkey).findOneBy({ id: response.id })
        : null;
    if (!passkey) throw new BadRequestException(PASSKEY_FAILED_MESSAGE);
    const { verifyAuthenticationResponse } = await webAuthn();
    let verified;
    try {
      verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: this.origin,
        expectedRPID: this.rpID,
        credential: {
          id: passkey.id,
          publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
          counter: passkey.counter,
          transports: passkey.transports
            ? (passkey.transports.split(',') as RegistrationResponseJSON['response']['transports'])
            : undefined,
        },
        requireUserVerification: false,
      });
    } catch {
      throw new BadRequestException(PASSKEY_FAILED_MESSAGE);
    }
    if (!verified.verified) throw new BadRequestException(PASSKEY_FAILED_MESSAGE);
    const now = this.clock.now().getTime();
    return this.transactions.run(async (manager) => {
      await manager.update(
        Passkey,
        { id: passkey.id },
        { counter: verified.authenticationInfo.newCounter, lastUsedAt: now },
      );
      const { email, sessionToken } = await this.signIn.startSession(manager, passkey.email);
      return { email, sessionToken };
    });
  }

  async remove(fan: SignedInFan, id: string): Promise<void> {
    const removed = await this.dataSource.getRepository(Passkey).delete({ id, fanId: fan.fanId });
    if (!removed.affected) throw new NotFoundException('You have no passkey with this id.');
  }

  private async keep(challenge: string, fanId: number | null): Promise<string> {
    const ceremony = newSecret();
    const now = this.clock.now().getTime();
    const repo = this.dataSource.getRepository(PasskeyChallenge);
    await repo.delete({ expiresAt: LessThan(now) });
    await repo.insert({
      tokenHash: digest(ceremony),
      challenge,
      fanId,
      expiresAt: now + CEREMONY_MS,
    });
    return ceremony;
  }

  /** The ceremony's challenge, used up; 400 for none, another fan's, or one that ran out. */
  private async take(ceremony: string | undefined, fanId: number | null): Promise<string> {
    if (!ceremony) throw new BadRequestException(PASSKEY_FAILED_MESSAGE);
    const repo = this.dataSource.getRepository(PasskeyChallenge);
    const row = await repo.findOneBy({ tokenHash: digest(ceremony) });
    if (!row) throw new BadRequestException(PASSKEY_FAILED_MESSAGE);
    const { affected } = await repo.delete({ id: row.id });
    if (!affected || row.fanId !== fanId || row.expiresAt <= this.clock.now().getTime())
      throw new BadRequestException(PASSKEY_FAILED_MESSAGE);
    return row.challenge;
  }
}

export const passkeyView = (p: Passkey): AccountPasskey => ({
  id: p.id,
  createdAt: p.createdAt.toISOString(),
  lastUsedAt: p.lastUsedAt === null ? null : new Date(p.lastUsedAt).toISOString(),
});
