// The identity engine's worker thread starts here. Node 20 cannot run a .ts file by itself and ignores
// `execArgv: ['--import', 'tsx']` in a worker, so this thread registers tsx's loader, then loads the TypeScript.
import { register } from 'tsx/esm/api';

register();
await import('./identity-engine-worker.ts');
