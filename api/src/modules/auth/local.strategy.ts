import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-local';
import { AuthService } from './auth.service.js';
import type { User } from './user.entity.js';

/**
 * passport-local with the password only: there is one account, so the same body field serves
 * as both "username" (ignored) and password.
 */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy, 'local') {
  constructor(private readonly auth: AuthService) {
    super({ usernameField: 'password', passwordField: 'password', session: false });
  }

  async validate(_username: string, password: string): Promise<User | false> {
    return (await this.auth.verify(password)) ?? false;
  }
}
