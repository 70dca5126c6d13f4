import { containsNul } from "./nul";

export const FORM_UNREADABLE = "The form could not be read. Please reload the page and try again.";
export const FORM_NUL =
  "The form contains a character that is not allowed (a NUL byte). Please remove it and try again.";

const refuse = (message: string) =>
  new Response(message, {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });

/**
 * The posted form, for every action. A body that is not a readable form (a broken multipart
 * upload, a missing boundary) or a field holding a NUL byte is the sender's mistake: it is
 * refused with a 400 and a sentence, never a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw refuse(FORM_UNREADABLE);
  }
  for (const [name, value] of form) {
    if (containsNul(name) || containsNul(typeof value === "string" ? value : value.name)) {
      throw refuse(FORM_NUL);
    }
  }
  return form;
}
