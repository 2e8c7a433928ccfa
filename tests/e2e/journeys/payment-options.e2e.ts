import { paymentOptionsJourneys } from './payment-options.journeys.ts';
import { describeJourneys } from './run-journeys.ts';

describeJourneys(paymentOptionsJourneys);
