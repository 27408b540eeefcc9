import { detectCharacters } from '@cinegraph/contracts';

/** 'Characters Detected': the movie's characters named in the shot description, ignoring case. */
export function CharactersDetected({
  description,
  names,
}: {
  description: string;
  names: readonly string[];
}) {
  const detected = detectCharacters(description, names);
  return (
    <section aria-label="Characters Detected">
      <h3 className="text-sm font-semibold text-neutral-200">Characters Detected</h3>
      {detected.length === 0 ? (
        <p className="mt-1 text-sm text-neutral-500">None. Name a character in the description.</p>
      ) : (
        <ul className="mt-2 flex flex-wrap gap-1.5">
          {detected.map((name) => (
            <li
              key={name}
              className="rounded-full bg-purple-500/20 px-2.5 py-0.5 text-xs font-medium text-purple-200"
            >
              {name}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
