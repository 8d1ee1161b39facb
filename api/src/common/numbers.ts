import { applyDecorators } from '@nestjs/common';
import { IsInt, Max, Min } from 'class-validator';

/**
 * A whole number from `min` to `max`, refused with `message`, or with `tooLarge` past `max` when
 * that has a sentence of its own. The rules are listed bottom first, as for `RequiredText`, so a
 * field's messages keep the order they are declared in.
 */
export const WholeNumberField = (min: number, max: number, message: string, tooLarge = message) =>
  applyDecorators(Max(max, { message: tooLarge }), Min(min, { message }), IsInt({ message }));
