/**
 * Where /kyc sends a verified, signed-in shopper back to (issue 23): the cart, a checkout step (/cart/address,
 * /cart/face…) or the face check on /verifyFace they came from. Read from the link's ?from=, so only these paths are
 * taken: never an address elsewhere.
 */
export type KycReturnPath = string & { readonly kycReturn: unique symbol };

const returnPath = /^\/cart(\/[a-z-]{1,32})?$|^\/verifyFace$/;

function isKycReturnPath(from: string): from is KycReturnPath {
  return returnPath.test(from);
}

/** The cart, when a verified shopper has one waiting but came from elsewhere. */
export const cartReturnPath = '/cart' as KycReturnPath;

export function kycReturnPathOf(from: string | null | undefined): KycReturnPath | undefined {
  return from && isKycReturnPath(from) ? from : undefined;
}

/** The /kyc link from a page: it names the cart or checkout to come back to, and nothing from elsewhere. */
export function kycLinkFrom(pathname: string): string {
  const back = kycReturnPathOf(pathname);
  return back ? `/kyc?from=${encodeURIComponent(back)}` : '/kyc';
}
