import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/env.js';
import { dateIn } from './dates.js';

/** The current time, injectable so tests can stand on a chosen day. */
@Injectable()
export class Clock {
  /** today() of the last minute asked about. */
  private last = { minute: NaN, day: '' };

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  now(): Date {
    return new Date();
  }

  /**
   * Today's date (YYYY-MM-DD) where the artist lives. Time zone offsets are whole minutes, so
   * the date can only change on a minute boundary: one computation per minute is enough.
   */
  today(): string {
    const now = this.now();
    const minute = Math.floor(now.getTime() / 60_000);
    if (minute !== this.last.minute) this.last = { minute, day: dateIn(this.config.timeZone, now) };
    return this.last.day;
  }
}
