import { STATISTICS } from '../constants';

export function StatisticsSection() {
  return (
    <section
      aria-labelledby="stats-heading"
      className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8"
    >
      <h2 id="stats-heading" className="sr-only">
        FitBase in numbers
      </h2>
      <dl className="grid grid-cols-2 gap-6 sm:grid-cols-3 lg:grid-cols-5">
        {STATISTICS.map((stat) => (
          <div
            key={stat.label}
            className="flex flex-col-reverse items-center rounded-xl border bg-card p-6 text-center last:col-span-2 sm:last:col-span-1"
          >
            <dt className="mt-1 text-sm text-muted-foreground">{stat.label}</dt>
            <dd className="text-3xl font-extrabold tracking-tight text-primary">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
