export interface ClipboardEnv {
  /** The async clipboard API; absent on insecure origins and some older browsers. */
  writeText?: (text: string) => Promise<void>;
  /** The old selection-and-copy route, used when the clipboard API is missing or refuses. */
  legacyCopy(text: string): boolean;
}

/** Copies text to the clipboard; resolves false (never throws) when the browser refuses both ways. */
export async function copyText(text: string, env: ClipboardEnv = browserClipboard()): Promise<boolean> {
  if (env.writeText) {
    try {
      await env.writeText(text);
      return true;
    } catch {
      // Permission denied or no user activation left: try the legacy route below.
    }
  }
  try {
    return env.legacyCopy(text);
  } catch {
    return false;
  }
}

function browserClipboard(): ClipboardEnv {
  const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
  return {
    writeText: clipboard?.writeText ? (text) => clipboard.writeText(text) : undefined,
    legacyCopy: copyWithTextarea,
  };
}

function copyWithTextarea(text: string): boolean {
  const textarea = document.createElement('textarea');
  textarea.value = text;
  textarea.setAttribute('readonly', '');
  textarea.style.position = 'fixed';
  textarea.style.opacity = '0';
  document.body.appendChild(textarea);
  textarea.select();
  try {
    return document.execCommand('copy');
  } finally {
    textarea.remove();
  }
}
