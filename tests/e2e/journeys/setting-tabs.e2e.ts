import { describeJourneys } from './run-journeys.ts';
import { settingTabsJourneys } from './setting-tabs.journeys.ts';

describeJourneys(settingTabsJourneys);
