import { describeJourneys } from './run-journeys.ts';
import { updatePasswordJourneys } from './update-password.journeys.ts';

describeJourneys(updatePasswordJourneys);
