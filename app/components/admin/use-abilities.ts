import { useRouteLoaderData } from "react-router";

/** What a role lets the pages offer; the dashboard's loader answers it (auth/roles.ts abilities). */
export type Abilities = {
  revenue: boolean;
  exportOrders: boolean;
  setOrderStatus: boolean;
  refund: boolean;
  deleteProducts: boolean;
  codes: boolean;
  accounts: boolean;
  activity: boolean;
};

/** Nothing beyond a staff member's: what a page shows before the dashboard's data says more. */
const NONE: Abilities = {
  revenue: false,
  exportOrders: false,
  setOrderStatus: false,
  refund: false,
  deleteProducts: false,
  codes: false,
  accounts: false,
  activity: false,
};

/** What the signed-in account's role lets the back office's pages offer (the dashboard loads it). */
export function useAbilities(): Abilities {
  return useRouteLoaderData<{ can: Abilities }>("routes/admin/dashboard")?.can ?? NONE;
}
