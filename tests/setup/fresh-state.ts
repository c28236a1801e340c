import { watchHashesForTests } from '@/server/auth/passwords';
import { setDbForTests } from '@/server/database';
import { resetLiveLeadsForTests } from '@/server/desk/live-leads';
import { setEnvForTests } from '@/server/env';
import { setLimitersForTests } from '@/server/http/rate-limit';
import { closeRedisForTests } from '@/server/redis';

// The unit files share their worker's modules (`isolate: false` in vitest.config.ts: a
// fresh module graph for every file cost more than the tests themselves). Before each file, the
// process-wide state a file may have set goes back to its start: the settings read afresh, no
// database, fresh memory rate limits, no Redis client, no hash watcher, no live-list listener.
setEnvForTests();
setDbForTests(undefined);
setLimitersForTests();
closeRedisForTests();
watchHashesForTests();
resetLiveLeadsForTests();
