import { checkoutSummaryJourneys } from './checkout-summary.journeys.ts';
import { describeJourneys } from './run-journeys.ts';

describeJourneys(checkoutSummaryJourneys);
