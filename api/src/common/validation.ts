import {
  BadRequestException,
  ValidationPipe,
  type ArgumentMetadata,
  type ValidationError,
} from '@nestjs/common';
import type { ApiError } from '@artist/contracts';

/** Flattens nested class-validator errors into `{ field, messages }`, dotted paths for nesting. */
export function flattenValidationErrors(
  errors: ValidationError[],
  parent = '',
): NonNullable<ApiError['errors']> {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    // class-validator lists a field's failed rules bottom decorator first; reversed, they read in
    // the order they are declared, so "required" (declared first) comes before "too long".
    // The nested-object check is added while validating, after the declared rules; it goes last.
    const constraints = Object.entries(error.constraints ?? {}).reverse();
    constraints.sort(
      ([a], [b]) => Number(a === 'nestedValidation') - Number(b === 'nestedValidation'),
    );
    const own = error.constraints
      ? [{ field, messages: [...new Set(constraints.map(([, message]) => message))] }]
      : [];
    return [...own, ...flattenValidationErrors(error.children ?? [], field)];
  });
}

/** The first message becomes the readable `message`; all of them are listed in `errors`. */
export function validationExceptionFactory(errors: ValidationError[]): BadRequestException {
  const flat = flattenValidationErrors(errors);
  return new BadRequestException({
    message: flat[0]?.messages[0] ?? 'The request is not valid.',
    errors: flat,
  });
}

export const EMAIL_MESSAGE = 'Please enter a valid email address';

/** In Unicode mode a surrogate pair is one code point, so this matches only unpaired halves. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * C0 control characters but tab and line feed, and a carriage return that does not start a CRLF:
 * nothing a person types into a form, and each is six bytes of JSON (`\u0000`) in every answer
 * that shows the text again.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\x00-\x08\x0b\x0c\x0e-\x1f]|\r(?!\n)/;

/**
 * The most values the text check looks at in one argument. A 100 kB body cannot hold more (each
 * value takes at least one byte), so every request is read whole; the bound keeps a value built
 * in code from being walked for ever.
 */
export const MAX_CHECKED_VALUES = 100_000;

export interface BadText {
  /** Dotted path of the field, '' for the argument itself (a route parameter read alone). */
  field: string;
  problem: 'ill-formed' | 'control character';
}

/** An object as parsed JSON, a query or a form make it: its prototype is Object's or none. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * A string in a request value that is not well-formed UTF-16 (a lone surrogate) or holds a
 * control character, as a dotted path. Ill-formed text cannot be stored faithfully (SQLite keeps
 * broken bytes, MariaDB a replacement character) and crashes validators that encode it. Only
 * strings, arrays and plain objects are read: anything else (a Buffer, a stream, a class
 * instance) is no text a person sent, and walking a Buffer byte by byte would hold the server for
 * seconds. Each child is counted before it is queued, so the walk never holds more than `limit`.
 */
export function badTextField(value: unknown, limit = MAX_CHECKED_VALUES): BadText | null {
  const stack: [unknown, string][] = [[value, '']];
  let queued = 0;
  while (stack.length > 0) {
    const [item, path] = stack.pop()!;
    if (typeof item === 'string') {
      if (LONE_SURROGATE.test(item)) return { field: path, problem: 'ill-formed' };
      if (CONTROL_CHARACTER.test(item)) return { field: path, problem: 'control character' };
      continue;
    }
    if (Array.isArray(item)) {
      for (let i = 0; i < item.length; i++) {
        if (++queued > limit) return null;
        stack.push([item[i], path ? `${path}.${i}` : String(i)]);
      }
    } else if (isPlainObject(item)) {
      for (const key in item) {
        if (!Object.hasOwn(item, key)) continue;
        if (++queued > limit) return null;
        stack.push([item[key], path ? `${path}.${key}` : key]);
      }
    }
  }
  return null;
}

/** The arguments that hold what a client sent as text; files and custom parameters are not. */
const CHECKED_ARGUMENTS: ReadonlySet<ArgumentMetadata['type']> = new Set([
  'body',
  'query',
  'param',
]);

/**
 * The site's ValidationPipe: before the DTO rules, it refuses ill-formed text or a control
 * character anywhere in a body, query or route parameter with a 400 naming the field (the email
 * message for email fields).
 */
export class AppValidationPipe extends ValidationPipe {
  constructor() {
    super({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      exceptionFactory: validationExceptionFactory,
    });
  }

  override transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const bad = CHECKED_ARGUMENTS.has(metadata.type) ? badTextField(value) : null;
    if (bad) {
      const name = bad.field || metadata.data || metadata.type;
      const message =
        name.split('.').pop() === 'email'
          ? EMAIL_MESSAGE
          : bad.problem === 'ill-formed'
            ? `${name} must be well-formed text`
            : `${name} must not contain control characters`;
      throw new BadRequestException({ message, errors: [{ field: name, messages: [message] }] });
    }
    return super.transform(value, metadata);
  }
}
