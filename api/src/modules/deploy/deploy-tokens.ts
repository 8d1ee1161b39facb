import { createHash, timingSafeEqual } from 'node:crypto';
import {
  ForbiddenException,
  Inject,
  Injectable,
  NotFoundException,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import type { Request } from 'express';
import { REMOTE_NAMES, type RemoteName } from '@artist/contracts';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';

/** The setting holding each remote's deploy token. */
export const TOKEN_SETTINGS: Record<RemoteName, string> = {
  storefront: 'DEPLOY_TOKEN_STOREFRONT',
  admin: 'DEPLOY_TOKEN_ADMIN',
};

/**
 * The remote a deploy route names, when its team has a token: an unknown remote, or one whose
 * token is unset, has no deploy routes (404).
 */
export function deployableRemote(config: AppConfig, name: string): RemoteName {
  const remote = REMOTE_NAMES.find((known) => known === name);
  if (!remote) throw new NotFoundException(`There is no remote named ${name}.`);
  if (!config.deployTokens[remote])
    throw new NotFoundException(
      `Releases of ${remote} are off: ${TOKEN_SETTINGS[remote]} is not set.`,
    );
  return remote;
}

/** Names a token in the history without giving it away: its setting and the start of its SHA-256. */
export function tokenLabel(remote: RemoteName, token: string): string {
  return `${TOKEN_SETTINGS[remote]} ${createHash('sha256').update(token).digest('hex').slice(0, 8)}`;
}

function sameToken(given: string, wanted: string | undefined): boolean {
  if (!wanted) return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(wanted).digest();
  return timingSafeEqual(a, b);
}

/**
 * The deploy routes' door: `Authorization: Bearer` with the remote's own token. Another remote's
 * token is 403; no token, a wrong one or the admin's session cookie is 401.
 */
@Injectable()
export class DeployTokenGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    const remote = deployableRemote(this.config, String(req.params.remote));
    const token = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
    if (token && sameToken(token, this.config.deployTokens[remote])) return true;
    const other = REMOTE_NAMES.find(
      (name) => name !== remote && token && sameToken(token, this.config.deployTokens[name]),
    );
    if (other)
      throw new ForbiddenException(`This token deploys ${other}; ${remote} needs its own.`);
    throw new UnauthorizedException(
      `Send ${remote}'s deploy token (${TOKEN_SETTINGS[remote]}) as Authorization: Bearer <token>.`,
    );
  }
}
