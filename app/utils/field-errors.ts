/** A zod result's issues as one message per field (the first), keyed by the field's name. */
export function fieldErrors<Field extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of issues) errors[String(issue.path[0]) as Field] ??= issue.message;
  return errors;
}
