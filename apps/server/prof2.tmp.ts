import { createApp } from './src/app.ts';
import { createDeps, openConfiguredDatabase } from './src/bootstrap.ts';
import { loadConfig } from './src/env.ts';
import { createLogger } from './src/lib/logger.ts';
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
const database = await openConfiguredDatabase(config);
const deps = createDeps(config, database, { logger: createLogger('silent') });
const app = createApp(deps);
const res = await deps.auth.api.signInEmail({ body: { email: 'seed-owner@fitbase.local', password: 'seed-owner-pass-123' }, asResponse: true });
const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
for (let i = 0; i < 600; i++) { const r = await app.request(`http://localhost:3000/api/members?limit=25`, { headers: { cookie } }); await r.text(); }
await database.close();
