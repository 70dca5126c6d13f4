/** The contact form's subjects (spec: all four fields required), as its dropdown lists them. */
export const CONTACT_SUBJECTS = [
  "general",
  "product",
  "order",
  "partnership",
  "wholesale",
] as const;
