import { guestRegisterJourneys } from './guest-register.journeys.ts';
import { describeJourneys } from './run-journeys.ts';

describeJourneys(guestRegisterJourneys);
