import { CLIENT_WORDMARKS } from '../constants';

export function ClientLogos() {
  return (
    <section aria-labelledby="clients-heading" className="border-y bg-muted/40">
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
        <h2
          id="clients-heading"
          className="text-center text-sm font-semibold text-muted-foreground"
        >
          Trusted by fitness studios of every kind
        </h2>
        <ul className="mt-6 grid grid-cols-2 gap-x-6 gap-y-4 sm:grid-cols-3 lg:grid-cols-6">
          {CLIENT_WORDMARKS.map((name) => (
            <li
              key={name}
              className="text-center text-base font-bold tracking-tight text-foreground/60 uppercase sm:text-lg"
            >
              {name}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
