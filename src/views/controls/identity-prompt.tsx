import { Link, useLocation } from 'react-router-dom';
import { kycLinkFrom } from '../../rules/kyc-return.ts';
import { identityPrompts, type IdentityGap } from '../../rules/face-check.ts';
import * as css from './face-check.css.ts';

const promptTexts: Readonly<Record<IdentityGap, string>> = {
  'create-account': identityPrompts.createAccount,
  'verify-identity': identityPrompts.verifyIdentity,
  'under-21': identityPrompts.underAge,
};

/**
 * What a shopper who may not order an age-restricted item yet must do first (rules/face-check.ts): a guest creates an
 * account (or signs in), a customer verifies on /kyc. Shown by the checkout instead of its steps, and by /verifyFace.
 */
export function IdentityPrompt({
  gap,
  title = identityPrompts.title,
  text,
  cartLink = true,
}: {
  gap: IdentityGap;
  title?: string;
  text?: string;
  /** 'Back to cart', where the prompt stands in for a step of an order (checkout, /verifyFace). */
  cartLink?: boolean;
}) {
  // Verified, the shopper comes back to the cart or checkout that sent them (issue 23).
  const { pathname } = useLocation();
  return (
    <div className={css.prompt} role="alert" aria-labelledby="identity-prompt-title">
      <h2 id="identity-prompt-title" className={css.promptTitle}>
        {title}
      </h2>
      <p className={css.promptText}>{text ?? promptTexts[gap]}</p>
      <div className={css.actions}>
        {gap === 'create-account' ? (
          <>
            <Link className={css.primaryLink} to="/createAccount">
              Create Account
            </Link>
            <Link className={css.secondaryLink} to="/signIn">
              Sign In
            </Link>
          </>
        ) : (
          // Refused as 21 or under: verifying again would not change it.
          gap === 'verify-identity' && (
            <Link className={css.primaryLink} to={kycLinkFrom(pathname)}>
              Verify your identity
            </Link>
          )
        )}
        {cartLink && <Link to="/cart">Back to cart</Link>}
      </div>
    </div>
  );
}
