// `npm start`: build the production site when needed (scripts/lib/build.mjs), then serve it.
import { ensureBuild } from './lib/build.mjs';

ensureBuild();
await import('../src/runtime/server.mjs');
