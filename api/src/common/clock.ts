import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/env.js';
import { dateIn } from './dates.js';

/** The current time, injectable so tests can stand on a chosen day. */
@Injectable()
export class Clock {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  now(): Date {
    return new Date();
  }

  /** Today's date (YYYY-MM-DD) where the artist lives. */
  today(): string {
    return dateIn(this.config.timeZone, this.now());
  }
}
