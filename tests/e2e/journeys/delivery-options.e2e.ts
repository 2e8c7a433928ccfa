import { deliveryOptionsJourneys } from './delivery-options.journeys.ts';
import { describeJourneys } from './run-journeys.ts';

describeJourneys(deliveryOptionsJourneys);
