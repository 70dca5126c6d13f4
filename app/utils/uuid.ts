const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a string is a UUID in its usual hyphenated form, in either case. */
export const isUuid = (value: string) => UUID.test(value);
