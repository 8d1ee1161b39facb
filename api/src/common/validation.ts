import { BadRequestException, type ValidationError } from '@nestjs/common';
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
    const own = error.constraints
      ? [{ field, messages: Object.values(error.constraints).reverse() }]
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
