import { storeContact, storePolicies } from '../../rules/store-policies.ts';
import { InfoPage, InfoSection } from './info-page.tsx';

const p = storePolicies;

export function AboutUsPage() {
  return (
    <InfoPage title="About Us" lead="Meat and fish from the shops and farms near you, delivered.">
      <InfoSection heading="Who we are">
        <p>
          We bring together local butchers and fishmongers who deliver the same day, a cold-chain courier for next-day delivery and family farms that
          ship direct. You choose the shop, the cut and the delivery slot; they prepare your order fresh.
        </p>
      </InfoSection>
      <InfoSection heading="Our promise">
        <p>
          Every order carries our {p.freshnessGuaranteeDays}-day freshness guarantee. If something arrives wrong, late, damaged or defective, we make
          it right.
        </p>
      </InfoSection>
    </InfoPage>
  );
}

export function RefundPolicyPage() {
  return (
    <InfoPage title="Cancellations and Refunds">
      <InfoSection heading="Freshness guarantee">
        <p>Everything we sell is guaranteed fresh for {p.freshnessGuaranteeDays} days from delivery when kept refrigerated.</p>
      </InfoSection>
      <InfoSection heading="Returns">
        <p>
          All sales are final, except for wrong, late, damaged or defective items: tell us within the freshness guarantee and we refund or replace
          them.
        </p>
      </InfoSection>
      <InfoSection heading="Cancellations">
        <p>
          You can change an order up to {p.changeWindowHours} hours before its ship date ({p.holidayChangeDays} days on holidays). Cancelling a
          confirmed order may incur a fee equal to the order value, because the shop has already prepared it.
        </p>
      </InfoSection>
      <InfoSection heading="How refunds are paid">
        <p>Refunds go back to the card or account you paid with. Orders paid on delivery are refunded by the shop that delivered them.</p>
      </InfoSection>
    </InfoPage>
  );
}

export function TermsPage() {
  return (
    <InfoPage title="Terms and Conditions">
      <InfoSection heading="Using the store">
        <p>
          By ordering you confirm that the details you give are true and that you are old enough to buy what you order. Prices, stock and delivery
          slots are confirmed when the order is placed.
        </p>
      </InfoSection>
      <InfoSection heading="Orders and payment">
        <p>
          An order is accepted once it is paid (or, for payment on delivery, once it is confirmed). Cancelling a confirmed order may incur a fee equal
          to the order value. All sales are final except wrong, late, damaged or defective items.
        </p>
      </InfoSection>
      <InfoSection heading="Claims and disputes">
        <p>
          Any claim must be made within {p.claimWindowYears} year of the order. Disputes are settled by arbitration; either party may appeal an
          arbitration decision within {p.arbitrationAppealDays} days.
        </p>
      </InfoSection>
      <InfoSection heading="Contact">
        <p>
          Questions about these terms: {storeContact.email}, {storeContact.phone} ({storeContact.hours}).
        </p>
      </InfoSection>
    </InfoPage>
  );
}

export function PrivacyPolicyPage() {
  return (
    <InfoPage title="Privacy Policy">
      <InfoSection heading="What we keep">
        <p>
          Your name, email, phone, delivery and billing addresses, your orders and your preferences. For cards we keep only the brand, the last four
          digits and the expiry date: card numbers and security codes go straight to our card processor and are never stored by us.
        </p>
      </InfoSection>
      <InfoSection heading="Identity verification">
        <p>
          To sell wine, beer and spirits we check that you are over 21: you upload both sides of an ID and take a selfie. Our own server compares the
          faces and reads the date of birth; the photos are never shared. Once the decision is made the photos are deleted, and we keep only the
          decision, your year of birth, the face-match figure and, when you are verified, a description of your face as numbers (not a photo) for the
          face check below. An application that is not finished within 30 days of starting it is deleted with its photos and the date of birth read
          from your ID; you can start again at any time.
        </p>
        <p>
          Before an order with a drink you take a new selfie. It is compared with that description and deleted right after the check, or within two
          hours if the check never runs. A passed check lets you order from that cart for 15 minutes.
        </p>
      </InfoSection>
      <InfoSection heading="Why">
        <p>
          To deliver your orders, take payment, keep your account and, if you ask for it, send you news and offers. We do not sell your information.
        </p>
      </InfoSection>
      <InfoSection heading="On your device">
        <p>The store remembers your delivery zip, your cart and your sign-in in your browser&apos;s storage. Signing out clears them.</p>
      </InfoSection>
      <InfoSection heading="Security">
        <p>
          Passwords are stored only as salted hashes and sign-in tokens only as their hashes. Write to {storeContact.email} to see or delete what we
          hold about you.
        </p>
      </InfoSection>
    </InfoPage>
  );
}
