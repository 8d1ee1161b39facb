import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsObject, IsOptional, ValidateNested } from 'class-validator';
import {
  MEMBERSHIP_INTERVALS,
  type MembershipCheckoutRequest,
  type MembershipInterval,
  type MembershipPerks,
  type MembershipTierInput,
} from '@artist/contracts';
import { WholeNumberField } from '../../../common/numbers.js';
import { EmailAddress, NonEmptyText, RequiredText } from '../../../common/strings.js';

const PRICE_MESSAGE = (label: string) =>
  `${label} must be a whole number of cents from 50 to 1000000.`;

export class MembershipPerksDto implements MembershipPerks {
  @ApiProperty()
  @IsBoolean({ message: 'perks.allDownloads must be true or false.' })
  allDownloads: boolean;

  @ApiProperty({ type: 'integer', minimum: 0, maximum: 365 })
  @WholeNumberField(0, 365, 'perks.earlyAccessDays must be a whole number of days from 0 to 365.')
  earlyAccessDays: number;

  @ApiProperty()
  @IsBoolean({ message: 'perks.presale must be true or false.' })
  presale: boolean;
}

/** Body of POST /api/admin/membership-tiers and PUT /api/admin/membership-tiers/:id. */
export class MembershipTierInputDto implements MembershipTierInput {
  @ApiProperty({ example: 'Front Row' })
  @RequiredText(100, 'Please enter a name for the tier.', 'A tier name is at most 100 characters.')
  name: string;

  @ApiProperty({ example: 'Every release, a week early.' })
  @NonEmptyText(
    2000,
    'Please describe what members of the tier get.',
    'A tier description is at most 2000 characters.',
  )
  description: string;

  @ApiProperty({ type: 'integer', example: 500 })
  @WholeNumberField(50, 1_000_000, PRICE_MESSAGE('monthlyPriceCents'))
  monthlyPriceCents: number;

  @ApiPropertyOptional({ type: 'integer', nullable: true, example: 5000 })
  @IsOptional()
  @WholeNumberField(50, 1_000_000, PRICE_MESSAGE('yearlyPriceCents'))
  yearlyPriceCents?: number | null;

  @ApiProperty({ type: MembershipPerksDto })
  @ValidateNested()
  @IsObject({ message: 'perks must be { allDownloads, earlyAccessDays, presale }.' })
  @Type(() => MembershipPerksDto)
  perks: MembershipPerksDto;
}

/** Body of POST /api/memberships/checkout. */
export class MembershipCheckoutDto implements MembershipCheckoutRequest {
  @ApiProperty({ type: 'integer', example: 1 })
  @WholeNumberField(1, 2_147_483_647, 'tierId must be the id of a membership tier.')
  tierId: number;

  @ApiProperty({ enum: MEMBERSHIP_INTERVALS })
  @IsIn(MEMBERSHIP_INTERVALS, { message: "interval must be 'month' or 'year'." })
  interval: MembershipInterval;

  @ApiPropertyOptional({ example: 'fan@example.com' })
  @IsOptional()
  @EmailAddress(320, 'An email address is at most 320 characters.')
  email?: string;
}
