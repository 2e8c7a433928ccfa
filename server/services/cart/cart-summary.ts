/** The shopper's cart of now as sign-in, an order's kept lines and the cart page report it (its own file: no import cycle). */
export interface CartSummary {
  /** The customer's current open cart, or '' when there is none. */
  cartId: string;
  totalQty: number;
  /** The guest cart's lines joined the account's own (two carts with lines became one); absent when one was only taken over. */
  combined?: boolean;
  /** What merging the guest cart changed (issue 23: never silently): lines whose quantity was capped. */
  changes?: CartMergeChange[];
  /** Account lines the merge moved to another seller's offer for the shopper's delivery option (QA walk 3). */
  moved?: CartModeMove[];
  /** Account lines the shopper's delivery option cannot sell, kept aside for the option they came from (QA walk 3). */
  keptAside?: CartModeMove[];
}

/** A line the merge moved to the shopper's delivery option (seller: its new one) or kept aside for another option. */
export interface CartModeMove {
  name: string;
  size: string;
  qty: number;
  seller?: string | undefined;
  /** A moved line whose price changed: its price before and at its new offer, in dollars (walk 6 #5: said at sign-in). */
  price?: string | undefined;
  new_price?: string | undefined;
}

/** A line the merge could not keep as the shopper had it: wanted is what both carts held together, qty what it holds. */
export interface CartMergeChange {
  name: string;
  size: string;
  wanted: number;
  qty: number;
}
