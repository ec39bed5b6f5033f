/**
 * `npm start`: builds the client when its sources are newer than the last
 * build, then runs the hub from source. Arguments pass through to the hub
 * (`npm start -- --data DIR --port N`).
 */
import { ensureClientBuilt } from './client-build.ts';

ensureClientBuilt();
await import('#hub/main.ts');
