/**
 * Where /kyc sends a verified, signed-in shopper back to (issue 23): the cart or the checkout (or its face check on
 * /verifyFace) they came from. Read from the link's ?from=, so only these paths are taken: never an address elsewhere.
 */
export const kycReturnPaths = ['/cart', '/cart/checkout', '/verifyFace'] as const;
export type KycReturnPath = (typeof kycReturnPaths)[number];

export function kycReturnPathOf(from: string | null | undefined): KycReturnPath | undefined {
  return kycReturnPaths.find((path) => path === from);
}

/** The /kyc link from a page: it names the cart or checkout to come back to, and nothing from elsewhere. */
export function kycLinkFrom(pathname: string): string {
  const back = kycReturnPathOf(pathname);
  return back ? `/kyc?from=${encodeURIComponent(back)}` : '/kyc';
}
