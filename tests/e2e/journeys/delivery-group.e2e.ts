import { deliveryGroupJourneys } from './delivery-group.journeys.ts';
import { describeJourneys } from './run-journeys.ts';

describeJourneys(deliveryGroupJourneys);
