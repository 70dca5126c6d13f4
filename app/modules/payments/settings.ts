import { mpesaExpressSettings } from "./mpesa-express/settings";
import { pesapalSettings } from "./pesapal/settings";

/** Each payment provider's settings, in the order their mistakes are listed. */
export const PAYMENT_SETTINGS = [pesapalSettings, mpesaExpressSettings] as const;

export const paymentSettingsShape = {
  ...pesapalSettings.shape,
  ...mpesaExpressSettings.shape,
};

/**
 * Demo mode: without the keys of the provider that takes cards (Pesapal), every payment goes to
 * the built-in emulators and is only simulated; every page says so.
 */
export const isDemoPayments = (env: { PESAPAL_CONSUMER_KEY?: string | undefined }) =>
  !env.PESAPAL_CONSUMER_KEY;

/** The warning a demo shop logs at start. */
export const DEMO_PAYMENTS_WARNING =
  "Demo mode: no PESAPAL_CONSUMER_KEY is set, so payments go to the built-in Pesapal and M-Pesa emulators and are simulated. Set the Pesapal variables (and the M-Pesa ones) before taking real orders.";
export const DEMO_SEVERAL_PROCESSES_WARNING =
  "The demo payment emulators keep their payments in this process's memory: run a single process in demo mode, or set the Pesapal variables to run several.";
