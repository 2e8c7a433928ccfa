// The identity engine's worker thread starts here. A worker does not inherit the parent's tsx loader and ignores
// `execArgv: ['--import', 'tsx']` in a worker, so this thread registers tsx's loader, then loads the TypeScript.
import { register } from 'tsx/esm/api';

register();
await import('./identity-engine-worker.ts');
