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
