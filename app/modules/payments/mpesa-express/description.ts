import type { ProviderDescription } from "../description";

/** Safaricom posts each prompt's result here; the token names the attempt (and is its secret). */
export const MPESA_CALLBACK_PATH = "/api/mpesa-express/callback/:token";

export const mpesaExpressDescription: ProviderDescription = {
  name: "mpesa-express",
  label: "M-Pesa",
  choice: "M-Pesa: pay on your phone",
  note: "M-Pesa sends a payment request to your phone: enter your M-Pesa PIN there.",
  asksPayerPhone: true,
  waiting: {
    heading: "Check your phone and enter your M-Pesa PIN",
    again: "Send the prompt again",
  },
  notifications: [{ path: MPESA_CALLBACK_PATH, body: "json", maxBytes: 8 * 1024 }],
};
