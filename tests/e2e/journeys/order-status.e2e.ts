import { orderStatusJourneys } from './order-status.journeys.ts';
import { describeJourneys } from './run-journeys.ts';

describeJourneys(orderStatusJourneys);
