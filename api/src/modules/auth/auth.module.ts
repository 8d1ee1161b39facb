import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountController } from './account.controller.js';
import { AccountService } from './account.service.js';
import { AdminGuard } from './admin.guard.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { LocalStrategy } from './local.strategy.js';
import { LoginThrottleService } from './login-throttle.service.js';
import { Passwords } from './password.js';
import { User } from './user.entity.js';

/** The tables this module owns: registered here, and listed for data sources outside the app. */
export const AUTH_ENTITIES = [User];

@Module({
  imports: [PassportModule, TypeOrmModule.forFeature(AUTH_ENTITIES)],
  controllers: [AuthController, AccountController],
  providers: [
    AuthService,
    AccountService,
    Passwords,
    LocalStrategy,
    LoginThrottleService,
    { provide: APP_GUARD, useClass: AdminGuard },
  ],
})
export class AuthModule {}
