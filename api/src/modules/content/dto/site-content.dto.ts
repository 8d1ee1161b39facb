import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsEmail,
  IsNotEmpty,
  IsObject,
  IsString,
  IsUrl,
  Matches,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import {
  CONTENT_LIMITS,
  SPOTIFY_LINK,
  type ContentContact,
  type ContentPageKey,
  type LabelledLink,
  type Recording,
  type SiteContent,
} from '@artist/contracts';
import { NormaliseEmail, Trim } from '../../../common/strings.js';

const L = CONTENT_LIMITS;
const WEB = { protocols: ['http', 'https'], require_protocol: true };

// Each helper below applies its rules last first, as stacked decorators are: the error lists
// them in the order they read (see common/validation.ts), so "required" comes before "too long".

/** Rules of a required line of text, with messages naming it. */
function requiredText(name: string, max: number): PropertyDecorator {
  return (target, key) => {
    MaxLength(max, { message: `${name} cannot exceed ${max} characters` })(target, key);
    IsNotEmpty({ message: `${name} is required` })(target, key);
    IsString({ message: `${name} is required` })(target, key);
    Trim()(target, key);
  };
}

/** Rules of a long text (paragraphs), which may be empty when `optional`. */
function longText(name: string, max: number, optional = false): PropertyDecorator {
  return (target, key) => {
    MaxLength(max, { message: `${name} cannot exceed ${max} characters` })(target, key);
    if (!optional) IsNotEmpty({ message: `${name} is required` })(target, key);
    IsString({ message: `${name} is required` })(target, key);
  };
}

/** An http or https address, or '' for none when `optional`. */
function webAddress(name: string, optional: boolean): PropertyDecorator {
  const message = `${name} must be an http or https address`;
  return (target, key) => {
    MaxLength(L.url, { message: `${name} cannot exceed ${L.url} characters` })(target, key);
    IsUrl(WEB, { message })(target, key);
    IsString({ message })(target, key);
    Trim()(target, key);
    if (optional) ValidateIf((_o, value) => value !== '')(target, key);
  };
}

/** A nested object (or, with `each`, a list of them) validated by its own class. */
function nested(name: string, type: () => new () => object, max?: number): PropertyDecorator {
  return (target, key) => {
    if (max === undefined) {
      ValidateNested()(target, key);
      IsObject({ message: `${name} is required` })(target, key);
    } else {
      ValidateNested({ each: true })(target, key);
      ArrayMaxSize(max, { message: `${name} cannot have more than ${max} entries` })(target, key);
      IsArray({ message: `${name} must be a list` })(target, key);
    }
    Type(type)(target, key);
  };
}

export class RecordingDto implements Recording {
  @ApiProperty({ example: 'Porch Light', maxLength: L.title })
  @requiredText('Title', L.title)
  title: string;

  @ApiProperty({
    example: 'https://open.spotify.com/track/5wRenPorchLight0000001',
    description: "An open.spotify.com track, album, playlist or artist link, or ''",
  })
  @webAddress('Spotify link', true)
  @Matches(SPOTIFY_LINK, {
    message: 'Spotify link must be an open.spotify.com track, album, playlist or artist link',
  })
  spotifyUrl: string = '';

  @ApiProperty({ description: "http or https, or ''" })
  @webAddress('Apple Music link', true)
  appleMusicUrl: string = '';

  @ApiProperty({ description: "http or https, or ''" })
  @webAddress('YouTube link', true)
  youtubeUrl: string = '';
}

export class LabelledLinkDto implements LabelledLink {
  @ApiProperty({ example: 'Instagram', maxLength: L.label })
  @requiredText('Social link label', L.label)
  label: string;

  @ApiProperty({ example: 'https://www.instagram.com/wrencallowaymusic' })
  @webAddress('Social link address', false)
  url: string;
}

export class ContentContactDto implements ContentContact {
  @ApiProperty({ example: 'Booking', maxLength: L.label })
  @requiredText('Contact label', L.label)
  label: string;

  @ApiProperty({ example: 'booking@wrencalloway.example' })
  @NormaliseEmail()
  @IsEmail({}, { message: 'Contact email must be a valid email address' })
  @MaxLength(320, { message: 'Contact email cannot exceed 320 characters' })
  email: string;
}

export class ContentPagesDto implements Record<ContentPageKey, string> {
  @ApiProperty({ maxLength: L.page, description: 'Paragraphs separated by blank lines' })
  @longText('Shipping text', L.page, true)
  shipping: string;

  @ApiProperty({ maxLength: L.page, description: 'Paragraphs separated by blank lines' })
  @longText('Returns text', L.page, true)
  returns: string;

  @ApiProperty({ maxLength: L.page, description: 'Paragraphs separated by blank lines' })
  @longText('Privacy text', L.page, true)
  privacy: string;
}

/** Body of `PUT /api/admin/content`: the whole content, replaced at once. */
export class SiteContentDto implements SiteContent {
  @ApiProperty({ example: 'Singer • Songwriter • Musician', maxLength: L.tagline })
  @requiredText('Tagline', L.tagline)
  tagline: string;

  @ApiProperty({ maxLength: L.bio, description: 'Paragraphs separated by blank lines' })
  @longText('Bio', L.bio)
  bio: string;

  @ApiProperty({ type: RecordingDto })
  @nested('Featured recording', () => RecordingDto)
  featured: RecordingDto;

  @ApiProperty({ type: [RecordingDto], maxItems: L.tracks })
  @nested('Tracks', () => RecordingDto, L.tracks)
  tracks: RecordingDto[];

  @ApiProperty({ type: [LabelledLinkDto], maxItems: L.socialLinks })
  @nested('Social links', () => LabelledLinkDto, L.socialLinks)
  socialLinks: LabelledLinkDto[];

  @ApiProperty({ description: "http or https, or ''" })
  @webAddress('Press kit link', true)
  pressKitUrl: string = '';

  @ApiProperty({ type: [ContentContactDto], maxItems: L.contacts })
  @nested('Contacts', () => ContentContactDto, L.contacts)
  contacts: ContentContactDto[];

  @ApiProperty({ type: ContentPagesDto })
  @nested('Pages', () => ContentPagesDto)
  pages: ContentPagesDto;

  @ApiProperty({
    maxLength: L.postalAddress,
    description: "The postal address printed in every campaign email, or ''",
    default: '',
  })
  @Trim()
  @longText('Postal address', L.postalAddress, true)
  postalAddress: string = '';
}
