import { checkoutSpeedJourneys } from './checkout-speed.journeys.ts';
import { describeJourneys } from './run-journeys.ts';

describeJourneys(checkoutSpeedJourneys);
