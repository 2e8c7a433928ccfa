import { cartJourneys } from './cart.journeys.ts';
import { describeJourneys } from './run-journeys.ts';

describeJourneys(cartJourneys);
