import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsInt, Max, Min } from 'class-validator';

export const MAX_ID = 2_147_483_647;

/** `ids` of a bulk update: at least one, whole positive numbers; each list sets its own maximum. */
export function BulkIds(noun: string, max: number, tooMany?: string) {
  return (target: object, property: string) => {
    // Applied bottom-up like stacked decorators, so the messages come out from IsArray down.
    Max(MAX_ID, { each: true, message: 'Each id must be a whole number' })(target, property);
    Min(1, { each: true, message: 'Each id must be a whole number' })(target, property);
    IsInt({ each: true, message: 'Each id must be a whole number' })(target, property);
    ArrayMaxSize(max, {
      message: tooMany ?? `Please select up to ${max} ${noun}s at a time.`,
    })(target, property);
    ArrayNotEmpty({ message: `Please select at least one ${noun}.` })(target, property);
    IsArray({ message: `ids must be a list of ${noun} ids` })(target, property);
    ApiProperty({ type: [Number], example: [1, 2, 3], maxItems: max })(target, property);
  };
}

/** `:id` of a route. */
export class IdParam {
  @ApiProperty({ type: 'integer', minimum: 1, maximum: MAX_ID })
  @Type(() => Number)
  @IsInt({ message: 'id must be a whole number' })
  @Min(1, { message: 'id must be a whole number' })
  @Max(MAX_ID, { message: 'id must be a whole number' })
  id: number;
}

/** `true`/`false` as JSON booleans or the stored text, for the flags of bulk updates. */
export const FLAG_VALUES = [true, false, 'true', 'false'] as const;
export const flagText = (value: (typeof FLAG_VALUES)[number]): 'true' | 'false' =>
  value === true || value === 'true' ? 'true' : 'false';
