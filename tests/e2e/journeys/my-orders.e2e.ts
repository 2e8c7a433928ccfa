import { myOrdersJourneys } from './my-orders.journeys.ts';
import { describeJourneys } from './run-journeys.ts';

describeJourneys(myOrdersJourneys);
