import { Transform } from 'class-transformer';
import { IsString, Matches } from 'class-validator';

/** Longest reason kept: a browser's message can be a long stack trace. */
const MAX_REASON = 200;

export class ReportFailureDto {
  @IsString({ message: 'version must be the version that failed' })
  @Matches(/^([0-9a-f]{12}|built-in)$/, {
    message: 'version must be a published version (12 hex characters) or built-in',
  })
  version: string;

  /** What failed (the error's message), cut to 200 characters. */
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.slice(0, MAX_REASON) : value,
  )
  @IsString({ message: 'reason must be text saying what failed' })
  reason: string;
}
