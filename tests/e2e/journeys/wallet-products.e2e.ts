import { describeJourneys } from './run-journeys.ts';
import { walletProductsJourneys } from './wallet-products.journeys.ts';

describeJourneys(walletProductsJourneys);
