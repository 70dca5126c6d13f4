const shillings = new Intl.NumberFormat("en-KE", { maximumFractionDigits: 0 });

/** Money is a whole number of Kenyan shillings, shown as `KSh 2,500`. */
export function formatKsh(amount: number): string {
  return `KSh ${shillings.format(amount)}`;
}
