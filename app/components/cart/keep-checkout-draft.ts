import { CHECKOUT_DRAFT } from "./checkout-draft";

/**
 * Fills the checkout form in from the draft kept for this tab (unless the server sent the
 * shopper's values), then keeps every change. Loaded after the page is interactive: the cart
 * page's first JavaScript stays within its budget. Answers the function that stops keeping.
 */
export function keepCheckoutDraft(form: HTMLFormElement, restore: boolean): () => void {
  const draft = restore ? JSON.parse(sessionStorage.getItem(CHECKOUT_DRAFT) ?? "{}") : {};
  for (const [name, value] of Object.entries<string>(draft)) {
    const field = form.elements.namedItem(name) as HTMLInputElement | RadioNodeList | null;
    // A radio is chosen as a tap chooses it, so the page follows (fees, address or points).
    if (field instanceof RadioNodeList) {
      form.querySelector<HTMLInputElement>(`[name=${name}][value="${value}"]`)?.click();
    } else if (field && field.type !== "hidden") field.value = value;
  }
  const keep = () =>
    sessionStorage.setItem(CHECKOUT_DRAFT, JSON.stringify(Object.fromEntries(new FormData(form))));
  form.addEventListener("input", keep);
  return () => form.removeEventListener("input", keep);
}
