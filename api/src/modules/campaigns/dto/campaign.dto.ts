import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsBoolean,
  ArrayMinSize,
  IsArray,
  IsEmail,
  IsIn,
  IsInt,
  IsISO8601,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  CAMPAIGN_LIMITS as L,
  CAMPAIGN_TOPICS,
  type CampaignTopic,
  type CampaignAudience,
  type CampaignInput,
  type CampaignSendRequest,
  type CampaignTestRequest,
  type SuppressionRemoval,
} from '@artist/contracts';
import { NonEmptyText, RequiredText } from '../../../common/strings.js';

export class NearDto {
  @ApiProperty({ example: 12 })
  @Type(() => Number)
  @IsInt({ message: 'near.showId must be a show id' })
  @Min(1, { message: 'near.showId must be a show id' })
  showId: number;

  @ApiProperty({ example: 160, minimum: L.radiusKmMin, maximum: L.radiusKmMax })
  @IsNumber(
    {},
    { message: `near.radiusKm must be a number from ${L.radiusKmMin} to ${L.radiusKmMax}` },
  )
  @Min(L.radiusKmMin, {
    message: `near.radiusKm must be a number from ${L.radiusKmMin} to ${L.radiusKmMax}`,
  })
  @Max(L.radiusKmMax, {
    message: `near.radiusKm must be a number from ${L.radiusKmMin} to ${L.radiusKmMax}`,
  })
  radiusKm: number;
}

export class AudienceDto implements CampaignAudience {
  @ApiPropertyOptional({ type: NearDto })
  @IsOptional()
  @ValidateNested()
  @IsObject({ message: 'near must be { showId, radiusKm }' })
  @Type(() => NearDto)
  near?: NearDto;

  @ApiPropertyOptional({ type: [String], example: ['US', 'CA'] })
  @IsOptional()
  @IsArray({ message: 'countries must be a list of ISO country codes' })
  @ArrayMaxSize(L.countries, { message: `countries may list at most ${L.countries} codes` })
  @Matches(/^[A-Za-z]{2}$/, {
    each: true,
    message: 'countries must be two-letter ISO country codes, e.g. US',
  })
  countries?: string[];

  @ApiPropertyOptional({ type: [String], example: ['hat'] })
  @IsOptional()
  @IsArray({ message: 'boughtProductIds must be a list of product ids' })
  @ArrayMaxSize(L.boughtProductIds, {
    message: `boughtProductIds may list at most ${L.boughtProductIds} products`,
  })
  @IsString({ each: true, message: 'boughtProductIds must be a list of product ids' })
  @MaxLength(60, { each: true, message: 'boughtProductIds must be a list of product ids' })
  boughtProductIds?: string[];

  @ApiPropertyOptional({ description: 'Only current members (active or past due).' })
  @IsOptional()
  @IsBoolean({ message: 'members must be true or false' })
  members?: boolean;

  @ApiPropertyOptional({ type: 'integer', description: 'With members: only this tier.' })
  @IsOptional()
  @IsInt({ message: 'tierId must be the id of a membership tier' })
  @Min(1, { message: 'tierId must be the id of a membership tier' })
  tierId?: number;

  @ApiPropertyOptional({ description: 'With members: only tiers with the presale perk.' })
  @IsOptional()
  @IsBoolean({ message: 'presale must be true or false' })
  presale?: boolean;
}

export class CampaignInputDto implements CampaignInput {
  @ApiProperty({ example: 'Nashville, March 14', maxLength: L.subject })
  @RequiredText(L.subject, 'Subject is required', `Subject cannot exceed ${L.subject} characters`)
  subject: string;

  @ApiProperty({ description: 'Markdown', maxLength: L.body })
  @NonEmptyText(L.body, 'Body is required', `Body cannot exceed ${L.body} characters`)
  body: string;

  @ApiProperty({ type: AudienceDto, description: '{} is every subscriber' })
  @ValidateNested()
  @IsObject({ message: 'audience must be an object ({} for every subscriber)' })
  @Type(() => AudienceDto)
  audience: AudienceDto;

  @ApiPropertyOptional({ enum: CAMPAIGN_TOPICS, default: 'news' })
  @IsOptional()
  @IsIn(CAMPAIGN_TOPICS, { message: `topic must be one of ${CAMPAIGN_TOPICS.join(', ')}` })
  topic?: CampaignTopic;
}

export class AudienceRequestDto {
  @ApiProperty({ type: AudienceDto })
  @ValidateNested()
  @IsObject({ message: 'audience must be an object ({} for every subscriber)' })
  @Type(() => AudienceDto)
  audience: AudienceDto;

  @ApiPropertyOptional({ enum: CAMPAIGN_TOPICS, default: 'news' })
  @IsOptional()
  @IsIn(CAMPAIGN_TOPICS, { message: `topic must be one of ${CAMPAIGN_TOPICS.join(', ')}` })
  topic?: CampaignTopic;
}

export class CampaignSendDto implements CampaignSendRequest {
  @ApiPropertyOptional({ example: '2027-03-01T15:00:00.000Z', description: 'Omit to send now' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'at must be an ISO 8601 time' })
  at?: string;
}

export class CampaignTestDto implements CampaignTestRequest {
  @ApiProperty({ type: [String], maxItems: L.testEmails, example: ['wren@example.com'] })
  @IsArray({ message: `emails must be a list of 1 to ${L.testEmails} addresses` })
  @ArrayMinSize(1, { message: `emails must be a list of 1 to ${L.testEmails} addresses` })
  @ArrayMaxSize(L.testEmails, {
    message: `emails must be a list of 1 to ${L.testEmails} addresses`,
  })
  @IsEmail({}, { each: true, message: 'Each test address must be a valid email address' })
  @MaxLength(254, { each: true, message: 'Each test address must be a valid email address' })
  emails: string[];
}

export class SuppressionRemovalDto implements SuppressionRemoval {
  @ApiProperty({ example: 'The fan wrote to say the address works again', maxLength: 500 })
  @RequiredText(
    500,
    'Please give the reason for lifting it',
    'The reason cannot exceed 500 characters',
  )
  reason: string;
}
