import { forgetPhoneFormatsForTests } from '@/lib/phone/phone-grouping';
import { watchHashesForTests } from '@/server/auth/passwords';
import { forgetServerSecretForTests } from '@/server/secret-key';
import { setDbForTests } from '@/server/database';
import { resetLiveLeadsForTests } from '@/server/desk/live-leads';
import { resetSecurityEventCountsForTests } from '@/server/desk/security-log';
import { setEnvForTests } from '@/server/env';
import { setLimitersForTests } from '@/server/http/rate-limit';
import { resetLoggerForTests } from '@/server/logger';
import { resetMetricsForTests } from '@/server/metrics';
import { stopOutboxWorkerForTests } from '@/server/outbox/worker';
import { closeRedisForTests } from '@/server/redis';

// The unit and api files share their worker's modules (`isolate: false` in vitest.config.ts: a
// fresh module graph for every file cost more than the tests themselves). Before each file, the
// process-wide state a file may have set goes back to how a fresh process has it: an outbox
// worker left running stopped, the settings read afresh, no database, fresh memory rate limits,
// no Redis client, no hash watcher, no live-list listener, nothing counted in the metrics nor the
// security counts, the logger and the server's secret made again when first asked for, no phone formats loaded.
await stopOutboxWorkerForTests();
setEnvForTests();
setDbForTests(undefined);
setLimitersForTests();
closeRedisForTests();
watchHashesForTests();
resetLiveLeadsForTests();
resetMetricsForTests();
resetSecurityEventCountsForTests();
resetLoggerForTests();
forgetServerSecretForTests();
forgetPhoneFormatsForTests();
