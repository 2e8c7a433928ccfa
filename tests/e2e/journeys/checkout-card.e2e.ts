import { checkoutCardJourneys } from './checkout-card.journeys.ts';
import { describeJourneys } from './run-journeys.ts';

describeJourneys(checkoutCardJourneys);
