import { cruiseFence, reportOf } from './fence.ts';

// `npm run lint:fence`: the import fence over the whole tree; exits non-zero on any violation.
const { text, exitCode } = await reportOf(await cruiseFence());
process.stdout.write(text);
process.exitCode = exitCode;
