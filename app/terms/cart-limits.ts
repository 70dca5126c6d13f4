/**
 * How much one order may hold (spec section 4): the cart keeps to it as lines are added, and
 * checkout refuses a request beyond it, whichever page or client sent it.
 */
export const MAX_QUANTITY = 99;
export const MAX_LINES = 50;
