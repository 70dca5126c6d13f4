/** The contact form's subjects (spec: all four fields required), as its dropdown lists them. */
export const CONTACT_SUBJECTS = [
  { value: "general", label: "General Inquiry" },
  { value: "product", label: "Product Question" },
  { value: "order", label: "Order Support" },
  { value: "partnership", label: "Partnership" },
  { value: "wholesale", label: "Wholesale Inquiry" },
] as const;
