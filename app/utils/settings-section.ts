import { z } from "zod";

/**
 * A group of settings declared beside the code that reads them (a payment provider, an SMS or
 * email sender, a storage): the variables' schemas, each carrying the sentence an owner sees when
 * its value is wrong, the rules between them, and the variables that mean nothing without the
 * group's main ones. `app/utils/settings.server.ts` composes the groups into the one schema.
 */
export type SettingsSection<Shape extends z.ZodRawShape> = {
  shape: Shape;
  /** Rules across variables, reported as zod issues on the variable to fix. */
  check?(values: z.output<z.ZodObject<Shape>> & CoreSettingsView, ctx: z.RefinementCtx): void;
  /** A line for variables that were given but do nothing without the group's main ones. */
  stray?(given: Record<string, string | undefined>): string | undefined;
};

/** The core settings a group's rules may look at. */
export type CoreSettingsView = { NODE_ENV: string; PUBLIC_URL?: string };

/** Declares a group (the function only gives the object its type). */
export const settingsSection = <Shape extends z.ZodRawShape>(section: SettingsSection<Shape>) =>
  section;

/** The variables of `names` that were given, for a group's `stray` line. */
export const givenOf = (given: Record<string, string | undefined>, names: readonly string[]) =>
  names.filter((name) => given[name] !== undefined);

export const optionalUrl = (what: string) =>
  z.url({ protocol: /^https?$/, error: `an http(s) URL ${what}` }).optional();

/** A whole number from `min` to `max` ("a whole number of minutes from 1 to 1440"). */
export const wholeNumber = (min: number, max: number, unit?: string) => {
  const error = `a whole number ${unit ? `${unit} ` : ""}from ${min} to ${max}`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};

export const yesNo = z.enum(["true", "false", "1", "0", "yes", "no"], { error: "true or false" });
export const isYes = (v: string) => ["true", "1", "yes"].includes(v);

/** true or false with a default; unset gives the default. */
export const flag = (fallback: boolean) =>
  yesNo.optional().transform((v) => (v === undefined ? fallback : isYes(v)));

/** true, false or unset (undefined), for settings whose default depends on others. */
export const optionalFlag = () =>
  yesNo.optional().transform((v) => (v === undefined ? v : isYes(v)));

/** Two variables that mean something only together: the one left out is named. */
export function requireTogether(
  env: Record<string, unknown>,
  ctx: z.RefinementCtx,
  first: string,
  second: string,
) {
  if (Boolean(env[first]) === Boolean(env[second])) return;
  ctx.addIssue({
    code: "custom",
    path: [env[first] ? second : first],
    message: `set together with the other of ${first} and ${second}`,
  });
}
