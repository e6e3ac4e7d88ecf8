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
for (const path of ['/api/health', '/api/me', '/api/members?limit=25', '/api/members/summary', '/api/members?limit=25&search=ann']) {
  const n = 200;
  const cpu0 = process.cpuUsage(); const t0 = performance.now();
  for (let i = 0; i < n; i++) { const r = await app.request(`http://localhost:3000${path}`, { headers: { cookie } }); await r.text(); }
  const cpu = process.cpuUsage(cpu0); const wall = performance.now() - t0;
  console.log(path.padEnd(36), 'wall/req', (wall / n).toFixed(2), 'ms  node cpu/req', ((cpu.user + cpu.system) / 1000 / n).toFixed(2), 'ms');
}
await database.close();
