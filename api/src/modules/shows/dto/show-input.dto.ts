import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsIn,
  IsOptional,
  IsUrl,
  MaxLength,
  Validate,
  ValidateIf,
  type ValidatorConstraintInterface,
  ValidatorConstraint,
} from 'class-validator';
import {
  AGE_REQUIREMENTS,
  SHOW_STATUSES,
  TICKET_BUTTON_TYPES,
  type AgeRequirement,
  type ShowInput,
  type ShowStatus,
  type TicketButtonType,
} from '@artist/contracts';
import { isTimeZone } from '../../../config/environment.js';
import { isCalendarDate } from '../../../common/dates.js';
import { OptionalText, RequiredText, Trim } from '../../../common/strings.js';

export const TICKET_URL_MESSAGE =
  "Ticket URL is required and must be a valid URL when ticket button type is 'url'";

@ValidatorConstraint({ name: 'isCalendarDate' })
class CalendarDate implements ValidatorConstraintInterface {
  validate(value: unknown) {
    return typeof value === 'string' && isCalendarDate(value);
  }
}

/** Body of `POST /api/admin/shows` and `PUT /api/admin/shows/{id}` (a whole show each time). */
@ValidatorConstraint({ name: 'ianaTimeZone' })
class IanaTimeZone implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    // An IANA name is Area/Location (or UTC); ICU also takes old three-letter ids ("BST" is
    // Bangladesh's there, not British Summer Time), which are refused.
    return (
      typeof value === 'string' &&
      value.length <= 64 &&
      (value.includes('/') || value === 'UTC') &&
      isTimeZone(value)
    );
  }

  defaultMessage(): string {
    return 'Time zone must be an IANA time zone such as Europe/London or America/Chicago';
  }
}

export class ShowInputDto implements ShowInput {
  @ApiProperty({ example: 'The Bluebird Cafe', maxLength: 200 })
  @RequiredText(200, 'Venue is required', 'Venue cannot exceed 200 characters')
  venue: string;

  @ApiProperty({ example: 'Nashville, TN', maxLength: 200 })
  @RequiredText(200, 'City is required', 'City cannot exceed 200 characters')
  city: string;

  @ApiProperty({ example: '2027-03-14', description: 'YYYY-MM-DD, the local date of the show' })
  @Validate(CalendarDate, { message: 'Date must be in YYYY-MM-DD format' })
  date: string;

  @ApiProperty({ example: '8:00 PM', description: 'Free text', maxLength: 100 })
  @RequiredText(100, 'Time is required', 'Time cannot exceed 100 characters')
  time: string;

  @ApiProperty({ enum: AGE_REQUIREMENTS, default: 'All Ages' })
  @IsIn(AGE_REQUIREMENTS, { message: 'Age requirement must be one of All Ages, 18+, 21+' })
  ageRequirement: AgeRequirement = 'All Ages';

  @ApiProperty({ enum: TICKET_BUTTON_TYPES, default: 'free' })
  @IsIn(TICKET_BUTTON_TYPES, { message: 'Ticket button type must be one of url, free, soon' })
  ticketButtonType: TicketButtonType = 'free';

  @ApiPropertyOptional({
    example: 'https://tickets.example.com/bluebird',
    description: "Required when ticketButtonType is 'url'; ignored otherwise",
  })
  @ValidateIf((show: ShowInputDto) => show.ticketButtonType === 'url')
  @Trim()
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true }, { message: TICKET_URL_MESSAGE })
  @MaxLength(2048, { message: TICKET_URL_MESSAGE })
  ticketUrl?: string;

  @ApiProperty({ enum: ['true', 'false'], default: 'false' })
  @IsIn(['true', 'false'], { message: "Sold out must be the text 'true' or 'false'" })
  soldOut: 'true' | 'false' = 'false';

  @ApiProperty({ enum: SHOW_STATUSES, default: 'draft' })
  @IsIn(SHOW_STATUSES, { message: 'Status must be draft or published' })
  status: ShowStatus = 'draft';

  @ApiPropertyOptional({ maxLength: 1000 })
  @OptionalText(1000, 'Notes must be text', 'Notes cannot exceed 1000 characters')
  notes?: string;

  @ApiPropertyOptional({
    example: 'Europe/London',
    description: 'An IANA time zone; when absent, found from the city (else ARTIST_TIMEZONE)',
  })
  @IsOptional()
  @Validate(IanaTimeZone)
  timeZone?: string;
}
