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
 * The first string in a request value that is not well-formed UTF-16 (a lone surrogate), as a
 * dotted path. Such text cannot be stored faithfully (SQLite keeps broken bytes, MariaDB a
 * replacement character) and crashes validators that encode it.
 */
export function illFormedField(value: unknown, limit = 10_000): string | null {
  const stack: [unknown, string][] = [[value, '']];
  for (let seen = 0; stack.length > 0 && seen < limit; seen++) {
    const [item, path] = stack.pop()!;
    if (typeof item === 'string') {
      if (LONE_SURROGATE.test(item)) return path;
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        stack.push([child, path ? `${path}.${key}` : key]);
      }
    }
  }
  return null;
}

/**
 * The site's ValidationPipe: before the DTO rules, it refuses ill-formed text anywhere in a body,
 * query or route parameter with a 400 naming the field (the email message for email fields).
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
    const field = illFormedField(value);
    if (field !== null) {
      const name = field || metadata.data || metadata.type;
      const message =
        name.split('.').pop() === 'email' ? EMAIL_MESSAGE : `${name} must be well-formed text`;
      throw new BadRequestException({ message, errors: [{ field: name, messages: [message] }] });
    }
    return super.transform(value, metadata);
  }
}
