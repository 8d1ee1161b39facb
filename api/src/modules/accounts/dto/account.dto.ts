import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import {
  SIGNUP_LOCATION_MAX,
  type AccountEraseRequest,
  type AccountPreferencesInput,
  type AccountTopics,
} from '@artist/contracts';
import { Trim } from '../../../common/strings.js';

const topicMessage = (topic: string) => `topics.${topic} must be true or false`;

export class AccountTopicsDto implements Partial<AccountTopics> {
  @ApiPropertyOptional({ description: 'News of the artist: the newsletter' })
  @IsOptional()
  @IsBoolean({ message: topicMessage('news') })
  news?: boolean;

  @ApiPropertyOptional({ description: 'Shows announced near her' })
  @IsOptional()
  @IsBoolean({ message: topicMessage('shows') })
  shows?: boolean;

  @ApiPropertyOptional({ description: 'New releases' })
  @IsOptional()
  @IsBoolean({ message: topicMessage('releases') })
  releases?: boolean;
}

/** The topics she gets and her place; the location is checked as the signup form checks it. */
export class AccountPreferencesDto implements AccountPreferencesInput {
  @ApiPropertyOptional({ type: AccountTopicsDto })
  @IsOptional()
  @ValidateNested()
  @IsObject({ message: 'topics must be an object of news, shows and releases, each true or false' })
  @Type(() => AccountTopicsDto)
  topics?: AccountTopicsDto;

  @ApiPropertyOptional({
    example: 'Franklin, TN',
    maxLength: SIGNUP_LOCATION_MAX,
    nullable: true,
    description: 'A city, or a ZIP or postal code; null or "" forgets it',
  })
  @IsOptional()
  @Trim()
  @IsString({ message: 'Location must be text' })
  @MaxLength(SIGNUP_LOCATION_MAX, {
    message: `Location cannot exceed ${SIGNUP_LOCATION_MAX} characters`,
  })
  location?: string | null;
}

export class AccountEraseDto implements AccountEraseRequest {
  @ApiProperty({ description: 'Her email address, typed again', example: 'fan@example.com' })
  @IsString({ message: 'confirm must be your email address' })
  @MaxLength(320, { message: 'confirm must be your email address' })
  confirm: string;
}
