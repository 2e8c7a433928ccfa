import { checkoutAddressJourneys } from './checkout-address.journeys.ts';
import { describeJourneys } from './run-journeys.ts';

describeJourneys(checkoutAddressJourneys);
