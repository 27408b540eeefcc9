/** One figure of the account page: its label, its value and a line of context. */
export function UsageFigure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-2xl border border-white/10 bg-neutral-900/60 px-5 py-4">
      <dt className="text-xs font-semibold tracking-wider text-neutral-400 uppercase">{label}</dt>
      <dd className="mt-2 text-2xl font-semibold text-white">{value}</dd>
      {note && <dd className="mt-1 text-xs text-neutral-500">{note}</dd>}
    </div>
  );
}
