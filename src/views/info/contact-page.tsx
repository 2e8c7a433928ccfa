import { storeContact } from '../../rules/store-policies.ts';
import { InfoPage, InfoSection } from './info-page.tsx';
import * as css from './info.css.ts';

export function ContactUsPage() {
  const digits = storeContact.phone.replace(/\D/g, '');
  return (
    <InfoPage title="Contact Us" lead="We are here to help with orders, deliveries and anything else.">
      <InfoSection heading="Customer support">
        <ul className={css.contactList}>
          <li>Hours: {storeContact.hours}</li>
          <li>
            Phone: <a href={`tel:+1${digits}`}>{storeContact.phone}</a>
          </li>
          <li>
            Email: <a href={`mailto:${storeContact.email}`}>{storeContact.email}</a>
          </li>
        </ul>
      </InfoSection>
    </InfoPage>
  );
}
