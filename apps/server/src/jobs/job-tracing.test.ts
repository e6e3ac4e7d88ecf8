import { trace } from '@opentelemetry/api';
import { node, tracing } from '@opentelemetry/sdk-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { runInUnit } from '../context/run-in-studio.ts';
import { defineJob } from './define-job.ts';
import { enqueueJob, startJobRunner } from './job-queue.ts';

// With tracing on (src/tracing.ts), each job runs in a span of its own: its statements and its
// log lines (pino's instrumentation reads the active span) carry that span's trace id. Here an
// in-memory exporter stands for the OTLP one.

const probeJob = defineJob('schedule.email', z.object({ probe: z.string() }));
const exporter = new tracing.InMemorySpanExporter();
const provider = new node.NodeTracerProvider({
  spanProcessors: [new tracing.SimpleSpanProcessor(exporter)],
});

let t: TestContext;
beforeAll(async () => {
  provider.register();
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  await provider.shutdown();
  trace.disable();
});

describe('jobs under tracing', () => {
  it('runs each job inside a span named after its queue, active in the handler', async () => {
    const seen: string[] = [];
    const runner = await startJobRunner(
      t.deps,
      {
        'schedule.email': async () => {
          const active = trace.getActiveSpan();
          if (active) seen.push(active.spanContext().traceId);
        },
      },
      { schedules: false, pollingIntervalSeconds: 60 },
    );
    try {
      await runInUnit(t.deps.database.db, (_tx, unit) =>
        enqueueJob(unit, probeJob, { probe: 'traced' }),
      );
      expect(await runner.drain('schedule.email')).toBe(1);
    } finally {
      await runner.stop();
    }
    const span = exporter.getFinishedSpans().find((s) => s.name === 'job schedule.email');
    expect(span).toBeDefined();
    expect(seen).toEqual([span!.spanContext().traceId]);
    expect(span!.attributes['messaging.destination.name']).toBe('schedule.email');
  });
});
