import { accountDashboardJourneys } from './account-dashboard.journeys.ts';
import { describeJourneys } from './run-journeys.ts';

describeJourneys(accountDashboardJourneys);
