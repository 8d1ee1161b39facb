import { Injectable } from '@nestjs/common';

/** The current time, injectable so tests can stand on a chosen day. */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
