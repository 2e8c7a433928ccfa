import { configure } from '@testing-library/react';

// Every view test renders inside <StrictMode>, as `npm run dev` does (src/main.tsx): effects run, are cleaned up and
// run again, so a machine started twice or a request sent twice on mount fails here, not only in a developer's browser.
configure({ reactStrictMode: true });
