import { Quote } from 'lucide-react';
import { TESTIMONIALS } from '../constants';

export function TestimonialsSection() {
  return (
    <section
      aria-labelledby="testimonials-heading"
      className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-24 lg:px-8"
    >
      <div className="mx-auto max-w-2xl text-center">
        <h2 id="testimonials-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
          Loved by Gym Owners
        </h2>
        <p className="mt-4 text-muted-foreground">
          Hear from the teams who run their studios on FitBase.
        </p>
      </div>
      <ul className="mt-12 grid gap-6 md:grid-cols-3">
        {TESTIMONIALS.map((t) => (
          <li key={t.name}>
            <figure className="flex h-full flex-col rounded-xl border bg-card p-6 shadow-sm">
              <Quote className="size-8 text-primary/30" aria-hidden="true" />
              <blockquote className="mt-4 flex-1 text-pretty">
                <p>&ldquo;{t.quote}&rdquo;</p>
              </blockquote>
              <figcaption className="mt-6 flex items-center gap-3">
                <span
                  className="flex size-10 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary"
                  aria-hidden="true"
                >
                  {t.name
                    .split(' ')
                    .map((part) => part[0])
                    .join('')}
                </span>
                <span className="text-sm">
                  <span className="block font-semibold">{t.name}</span>
                  <span className="block text-muted-foreground">
                    {t.role}, {t.studio}
                  </span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
