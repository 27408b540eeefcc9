/** The handle the server shows for an author without a nickname (see `defaultHandle`). */
const DEFAULT_HANDLE = /^user-([0-9a-f]{8})$/i;

/**
 * The avatar of an author without a picture: the nickname's first letter, or for a default handle its
 * first two hex digits (every such handle starts "user-"), on a hue of the name's own. Nicknames are
 * unique and handles come from the user id, so two authors' avatars are told apart.
 */
export function authorAvatar(nickname: string): { letters: string; hue: number } {
  const name = nickname.trim();
  const handle = DEFAULT_HANDLE.exec(name);
  const letters = handle ? handle[1]!.slice(0, 2) : ([...name][0] ?? '?');
  let hash = 2166136261;
  for (const char of name) hash = Math.imul(hash ^ char.codePointAt(0)!, 16777619);
  return { letters, hue: (hash >>> 0) % 360 };
}
