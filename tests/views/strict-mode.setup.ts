import { configure } from '@testing-library/react';

// Every view test renders inside <StrictMode>, as `npm run dev` does (src/main.tsx): effects run, are cleaned up and
// run again, so a machine started twice or a request sent twice on mount fails here, not only in a developer's browser.
// findBy/waitFor poll until the state shows; their 1 s default is a guess about the machine's speed, and a lazy screen's
// first import takes longer on a busy machine. Still far inside the 30 s test timeout.
configure({ reactStrictMode: true, asyncUtilTimeout: 10_000 });
