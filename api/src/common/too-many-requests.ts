import { HttpException, HttpStatus } from '@nestjs/common';

/**
 * A 429 whose answer carries `Retry-After`: the exception filter sets the header from
 * `retryAfterSeconds`, so a guard or a service can refuse without reaching for the response.
 */
export class TooManyRequestsException extends HttpException {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message, HttpStatus.TOO_MANY_REQUESTS);
  }
}
