import { Global, Module } from '@nestjs/common';
import { Clock } from './clock.js';
import { DomainEvents } from './domain-events.js';

/**
 * One Clock for the whole app, so a test can move "now" everywhere at once, and its one
 * `DomainEvents`, which every module publishes to and registers with.
 */
@Global()
@Module({ providers: [Clock, DomainEvents], exports: [Clock, DomainEvents] })
export class CommonModule {}
