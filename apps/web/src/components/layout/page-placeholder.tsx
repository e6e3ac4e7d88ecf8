/** A screen whose content a later issue builds: its title inside the signed-in layout. */
export function PagePlaceholder({ title }: { title: string }) {
  return (
    <div className="space-y-2">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
    </div>
  );
}
