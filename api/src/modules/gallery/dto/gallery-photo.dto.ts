import { ApiProperty } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  IsArray,
  IsInt,
  IsNotEmpty,
  IsString,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { GALLERY_ALT_MAX, GALLERY_MAX_UPLOAD_BYTES } from '@artist/contracts';
import { MAX_ID } from '../../../lists/bulk.dto.js';
import { Trim } from '../../../common/strings.js';
import { GALLERY_MAX_PHOTOS } from '../gallery.service.js';

const ALT_MESSAGE = `alt: describe the photo in 1 to ${GALLERY_ALT_MAX} characters`;

/** The photo's description, checked alike for an upload and a correction. */
function Alt() {
  return (target: object, property: string) => {
    MaxLength(GALLERY_ALT_MAX, { message: ALT_MESSAGE })(target, property);
    IsNotEmpty({ message: ALT_MESSAGE })(target, property);
    IsString({ message: ALT_MESSAGE })(target, property);
    Trim()(target, property);
    ApiProperty({
      description: 'What the photo shows, for those who cannot see it',
      example: 'Wren Calloway on stage at the Broken Spoke',
      minLength: 1,
      maxLength: GALLERY_ALT_MAX,
    })(target, property);
  };
}

/** The text part of `POST /api/admin/gallery` (multipart/form-data, beside the file `photo`). */
export class UploadPhotoDto {
  @Alt()
  alt: string;
}

/** The multipart body as the API description shows it. */
export class UploadPhotoBody extends UploadPhotoDto {
  @ApiProperty({
    type: 'string',
    format: 'binary',
    description: `JPEG, PNG, WebP or AVIF, at most ${GALLERY_MAX_UPLOAD_BYTES / 1024 / 1024} MB`,
  })
  photo: unknown;
}

/** Body of `PATCH /api/admin/gallery/{id}`. */
export class UpdatePhotoDto {
  @Alt()
  alt: string;
}

/** Body of `PUT /api/admin/gallery/order`: every photo's id, each once, first to last. */
export class PhotoOrderDto {
  @ApiProperty({ type: [Number], example: [3, 1, 2] })
  @IsArray({ message: 'ids must be the list of every photo id, in the new order' })
  @ArrayMaxSize(GALLERY_MAX_PHOTOS, {
    message: `ids cannot list more than ${GALLERY_MAX_PHOTOS} photos`,
  })
  @IsInt({ each: true, message: 'Each id must be a whole number' })
  @Min(1, { each: true, message: 'Each id must be a whole number' })
  @Max(MAX_ID, { each: true, message: 'Each id must be a whole number' })
  ids: number[];
}
