import { IsString, Matches } from 'class-validator';

export class SetLiveDto {
  /** A published version (12 hex characters) or `built-in`, the version `npm run build` made. */
  @IsString({ message: 'version must be a published version or built-in' })
  @Matches(/^([0-9a-f]{12}|built-in)$/, {
    message: 'version must be a published version (12 hex characters) or built-in',
  })
  version: string;
}
