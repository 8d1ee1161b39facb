import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { EMAIL_MESSAGE } from './validation.js';

/** Trims a string field before validation; other types pass through to be refused. */
export const Trim = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

const tooLongOption = (tooLong: string | undefined) =>
  tooLong === undefined ? undefined : { message: tooLong };

/**
 * A required text field taken as sent (a password, a token): `required` where it is missing, not
 * a string or empty, `tooLong` (or class-validator's own message) past `max` characters. The rules
 * are listed bottom first, as stacked decorators register, so a field's messages keep the order
 * they are declared in.
 */
export const NonEmptyText = (max: number, required: string, tooLong?: string) =>
  applyDecorators(
    MaxLength(max, tooLongOption(tooLong)),
    IsNotEmpty({ message: required }),
    IsString({ message: required }),
  );

/** A required text field, trimmed: as `NonEmptyText`, so a blank one is missing. */
export const RequiredText = (max: number, required: string, tooLong?: string) =>
  applyDecorators(NonEmptyText(max, required, tooLong), Trim());

/**
 * An optional text field: left out, null or undefined passes; else `notText` where it is not a
 * string, `tooLong` past `max` characters. Listed bottom first, as for `NonEmptyText`.
 */
export const OptionalText = (max: number, notText: string, tooLong: string) =>
  applyDecorators(
    MaxLength(max, { message: tooLong }),
    IsString({ message: notText }),
    IsOptional(),
  );

/** Trims and upper-cases a string field (a code); other types pass through to be refused. */
export const UpperCase = () =>
  Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.trim().toUpperCase() : value,
  );

/**
 * An email address as stored: trimmed and lower-cased, so every letter case of it is one person.
 * Accents stay: `josé@` is someone else than `jose@` (the columns compare exactly).
 */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** Normalises an email address (`normaliseEmail`) before validation. */
export const NormaliseEmail = () =>
  Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? normaliseEmail(value) : value,
  );

/**
 * An email address field, normalised (`NormaliseEmail`), refused with `EMAIL_MESSAGE` when it is
 * not an address and past `max` characters with `tooLong` (or class-validator's own message). The
 * rules are listed bottom first, as for `RequiredText`.
 */
export const EmailAddress = (max: number, tooLong?: string) =>
  applyDecorators(
    MaxLength(max, tooLongOption(tooLong)),
    IsEmail({}, { message: EMAIL_MESSAGE }),
    NormaliseEmail(),
  );

/** An empty or blank optional string is stored as null. */
export const blankToNull = (value: string | null | undefined): string | null =>
  value === undefined || value === null || value.trim() === '' ? null : value;

/** Text to put in HTML (an element's text or a quoted attribute): no markup comes from data. */
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/**
 * JSON to put inside a `<script>` element: `<`, `>` and `&` are written as JSON escapes, so no
 * text can end the element or open a comment, and the JSON means the same.
 */
export const scriptSafeJson = (value: unknown): string =>
  JSON.stringify(value).replace(
    /[<>&]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
