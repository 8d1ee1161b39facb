import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, Max, Min, ValidateIf } from 'class-validator';

/**
 * The kinds of setting the environment schema (environment.ts) is made of. Each kind turns the
 * raw string into the setting's value, gives its default, and records the setting, so that
 * `settingsOf` lists every setting the schema declares. The checks a setting needs beyond its
 * kind are class-validator decorators written under it.
 */
export interface SettingInfo {
  name: string;
  /** Stands in when the variable is unset (see each kind for what counts as unset). */
  default?: string | number | boolean;
}

const SETTINGS = Symbol('settings');
type Schema = { [SETTINGS]?: SettingInfo[] };

/** Every setting `schema` declares, in the order written. */
export function settingsOf(schema: object): readonly SettingInfo[] {
  return (schema as Schema)[SETTINGS] ?? [];
}

function setting(
  info: Omit<SettingInfo, 'name'>,
  parse: (raw: string | undefined) => unknown,
  ...checks: PropertyDecorator[]
): PropertyDecorator {
  return (target, name) => {
    const schema = target.constructor as Schema;
    if (!Object.prototype.hasOwnProperty.call(schema, SETTINGS)) schema[SETTINGS] = [];
    schema[SETTINGS]!.push({ name: String(name), ...info });
    // Applied as stacked decorators are, bottom first, so errors list in the order written.
    for (const check of [Transform(({ value }) => parse(value)), ...checks].reverse())
      check(target, name);
  };
}

const trim = (raw: string | undefined) => (raw?.trim() ? raw.trim() : undefined);

/**
 * Text, trimmed; a blank value counts as unset and takes the default. With `blank: 'refused'`
 * the default stands in only for a variable that is absent, and a blank one is left for the
 * checks to refuse.
 */
export function Text(options: { default?: string; blank?: 'refused' } = {}): PropertyDecorator {
  return setting({ default: options.default }, (raw) =>
    raw === undefined
      ? options.default
      : options.blank
        ? trim(raw)
        : (trim(raw) ?? options.default),
  );
}

/**
 * Text that goes with the setting `partner` (a key and its secret): left alone while both are
 * unset, and held to the checks written under it as soon as either is.
 */
export function TextWith(partner: string): PropertyDecorator {
  return (target, name) => {
    ValidateIf(
      (env: Record<string, unknown>) =>
        env[String(name)] !== undefined || env[partner] !== undefined,
    )(target, name);
    Text()(target, name);
  };
}

/** Kept exactly as given, spaces included (a password may have them); optional. */
export function Verbatim(): PropertyDecorator {
  return setting({}, (raw) => raw, IsOptional());
}

/** `true` or `false`; blank takes the default. */
export function Flag(options: { default: boolean; message: string }): PropertyDecorator {
  const parse = (raw: string | undefined) => {
    const value = trim(raw);
    if (value === undefined) return options.default;
    return value === 'true' ? true : value === 'false' ? false : value;
  };
  return setting({ default: options.default }, parse, IsBoolean({ message: options.message }));
}

/**
 * A whole number from `min` (to `max`); an empty value takes the default. `message` refuses
 * what is not a whole number and, unless `outOfRange` says otherwise, a number out of range;
 * `outOfRange` gives the refusal of a number below `min` or above `max` its own words (`null`:
 * class-validator's own, e.g. "PORT must not be less than 0").
 */
export function WholeNumber(options: {
  default: number;
  min: number;
  max?: number;
  message: string;
  outOfRange?: { min?: string | null; max?: string | null };
}): PropertyDecorator {
  const words = (bound: 'min' | 'max') => {
    const own = options.outOfRange?.[bound];
    const message = own === undefined ? options.message : own;
    return message === null ? undefined : { message };
  };
  const checks = [IsInt({ message: options.message }), Min(options.min, words('min'))];
  if (options.max !== undefined) checks.push(Max(options.max, words('max')));
  return setting(
    { default: options.default },
    (raw) => (raw === undefined || raw === '' ? options.default : Number(raw)),
    ...checks,
  );
}
