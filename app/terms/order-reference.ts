/**
 * The order reference shoppers and the owner both see: the first 8 characters of its id, in
 * capitals, the same on the paid page, in messages, on the tracking page and in the admin.
 */
export const orderReference = (id: string) => id.slice(0, 8).toUpperCase();
