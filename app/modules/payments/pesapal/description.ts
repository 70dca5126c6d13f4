import type { ProviderDescription } from "../description";

export const PESAPAL_IPN_PATH = "/api/pesapal/ipn";

export const pesapalDescription: ProviderDescription = {
  name: "pesapal",
  label: "Pesapal",
  choice: "Card or other mobile money (Pesapal)",
  note: "You will pay with M-Pesa or card on Pesapal's secure page.",
  notifications: [{ path: PESAPAL_IPN_PATH, body: "json-or-form", maxBytes: 8 * 1024 }],
  refunds: true,
  methodLabels: {
    mpesake: "M-Pesa",
    mpesa: "M-Pesa",
    "m-pesa": "M-Pesa",
    airtelke: "Airtel Money",
    airtel: "Airtel Money",
    visa: "Visa card",
    mastercard: "Mastercard",
    amex: "American Express",
  },
};
