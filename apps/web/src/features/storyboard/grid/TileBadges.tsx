/** The states a tile shows over its preview: new output, hidden, downloaded. */
export function TileBadges({
  newOutput,
  hidden,
  downloaded,
}: {
  newOutput: boolean;
  hidden: boolean;
  downloaded: boolean;
}) {
  return (
    <div className="absolute top-2 right-2 flex items-center gap-1">
      {hidden && <Badge className="bg-neutral-700 text-neutral-200">Hidden</Badge>}
      {downloaded && <Badge className="bg-emerald-600/90 text-white">Downloaded</Badge>}
      {newOutput && (
        <span role="img" aria-label="New output" title="New output" className="relative flex size-3">
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-amber-400 opacity-60" />
          <span className="relative inline-flex size-3 rounded-full bg-amber-400" />
        </span>
      )}
    </div>
  );
}

function Badge({ className, children }: { className: string; children: string }) {
  return (
    <span className={`rounded-md px-1.5 py-0.5 text-[10px] font-semibold uppercase ${className}`}>
      {children}
    </span>
  );
}
