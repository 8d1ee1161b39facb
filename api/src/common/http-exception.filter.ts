import {
  ArgumentsHost,
  Catch,
  HttpException,
  HttpStatus,
  Logger,
  type ExceptionFilter,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import type { ApiError } from '@artist/contracts';
import { TooManyRequestsException } from './too-many-requests.js';

/** Errors raised by Express middleware (body parser) carry their HTTP status on the error. */
interface MiddlewareError {
  status?: number;
  statusCode?: number;
  type?: string;
}

const middlewareMessages: Record<string, string> = {
  'entity.parse.failed': 'The request body is not valid JSON.',
  'entity.too.large': 'The request body is too large.',
  'encoding.unsupported': 'The request body encoding is not supported.',
  'charset.unsupported': 'The request body charset is not supported.',
  'request.aborted': 'The request was aborted.',
};

/**
 * The one place errors become responses: `{ statusCode, message, errors? }`, where `message` is a
 * sentence a person can read. Anything unexpected is logged and answered with a generic 500.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const res = ctx.getResponse<Response>();
    const req = ctx.getRequest<Request>();
    const body = this.toBody(exception, req);
    if (body.statusCode >= 500) this.logger.error(exception);
    if (res.headersSent) return;
    if (exception instanceof TooManyRequestsException) {
      res.set('Retry-After', String(exception.retryAfterSeconds));
    }
    res.status(body.statusCode).json(body);
  }

  private toBody(exception: unknown, req: Request): ApiError {
    if (exception instanceof HttpException) {
      const statusCode = exception.getStatus();
      const response = exception.getResponse();
      if (statusCode === HttpStatus.NOT_FOUND && isRouteMiss(exception)) {
        return {
          statusCode,
          message: `No API route ${req.method} ${req.originalUrl.split('?')[0]}.`,
        };
      }
      const middlewareType = (exception.cause as MiddlewareError | undefined)?.type;
      if (middlewareType && middlewareMessages[middlewareType]) {
        return { statusCode, message: middlewareMessages[middlewareType] };
      }
      if (typeof response === 'string') return { statusCode, message: response };
      const { message, errors } = response as { message?: unknown; errors?: ApiError['errors'] };
      if (Array.isArray(message)) {
        return { statusCode, message: String(message[0] ?? 'The request is not valid.'), errors };
      }
      return {
        statusCode,
        message: typeof message === 'string' ? message : exception.message,
        ...(errors ? { errors } : {}),
      };
    }
    const mw = exception as MiddlewareError | undefined;
    const status = mw?.status ?? mw?.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return {
        statusCode: status,
        message: middlewareMessages[mw?.type ?? ''] ?? 'The request is not valid.',
      };
    }
    return {
      statusCode: 500,
      message: 'Something went wrong on our side. Please try again later.',
    };
  }
}

/** Nest's router answers an unmatched path with a NotFoundException worded "Cannot GET /x". */
function isRouteMiss(exception: HttpException): boolean {
  return /^Cannot [A-Z]+ /.test(exception.message);
}
