import { describeJourneys } from './run-journeys.ts';
import { walletPanelJourneys } from './wallet-panel.journeys.ts';
import { walletProductsJourneys } from './wallet-products.journeys.ts';
import { walletRetailersJourneys } from './wallet-retailers.journeys.ts';

// One file: the three share her wallet, set up once per worker (wallet-shoppers.ts).
describeJourneys(walletPanelJourneys);
describeJourneys(walletRetailersJourneys);
describeJourneys(walletProductsJourneys);
