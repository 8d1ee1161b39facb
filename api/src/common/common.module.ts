import { Global, Module } from '@nestjs/common';
import { Clock } from './clock.js';

/** One Clock for the whole app, so a test can move "now" everywhere at once. */
@Global()
@Module({ providers: [Clock], exports: [Clock] })
export class CommonModule {}
