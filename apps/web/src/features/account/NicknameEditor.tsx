import { ACCOUNT_MESSAGES, endpoints, NICKNAME_MAX_LENGTH, type UserStats } from '@cinegraph/contracts';
import { useState, type FormEvent } from 'react';
import { apiCall, ApiError } from '../../lib/api';
import { storeNickname } from '../../lib/session';
import { Button } from '../../ui/Button';

interface NicknameEditorProps {
  userId: string;
  nickname: string;
  /** The figures the server answers with after saving. */
  onSaved(stats: UserStats): void;
}

/** The nickname with Edit, then Save and Cancel ('Anonymous' when there is none). */
export function NicknameEditor({ userId, nickname, onSaved }: NicknameEditorProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const blank = draft !== null && draft.trim() === '';
  // A blank nickname is said at once; the server's refusal stays until the next edit.
  const message = blank ? ACCOUNT_MESSAGES.nicknameEmpty : error;

  async function save(event: FormEvent) {
    event.preventDefault();
    if (draft === null) return;
    if (blank) return;
    setSaving(true);
    setError(null);
    try {
      const stats = await apiCall(endpoints.updateNickname, { params: { userId, nickname: draft.trim() } });
      storeNickname(stats.nickname);
      onSaved(stats);
      setDraft(null);
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.status !== 0
          ? failure.message
          : ACCOUNT_MESSAGES.nicknameSaveFailed,
      );
    } finally {
      setSaving(false);
    }
  }

  if (draft === null) {
    return (
      <div className="flex min-w-0 items-center gap-3">
        <p className="truncate text-2xl font-semibold text-white" data-testid="nickname">
          {nickname || ACCOUNT_MESSAGES.anonymous}
        </p>
        <Button size="sm" variant="ghost" onClick={() => setDraft(nickname)}>
          Edit
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={(event) => void save(event)} className="grid gap-2" aria-label="Edit nickname">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor="nickname-input" className="sr-only">
          Nickname
        </label>
        <input
          id="nickname-input"
          autoFocus
          value={draft}
          maxLength={NICKNAME_MAX_LENGTH}
          onChange={(event) => {
            setDraft(event.target.value);
            setError(null);
          }}
          onKeyDown={(event) => event.key === 'Escape' && setDraft(null)}
          aria-invalid={message !== null}
          aria-describedby={message ? 'nickname-error' : undefined}
          className="h-10 w-64 max-w-full rounded-lg border border-white/10 bg-neutral-950 px-3 text-base text-white outline-none focus:border-amber-400/70"
        />
        <Button type="submit" size="sm" variant="primary" disabled={blank} busy={saving}>
          Save
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => {
            setDraft(null);
            setError(null);
          }}
        >
          Cancel
        </Button>
      </div>
      <p className="text-xs text-neutral-500">
        {draft.length}/{NICKNAME_MAX_LENGTH}
      </p>
      {message && (
        <p id="nickname-error" role="alert" className="text-sm text-red-300">
          {message}
        </p>
      )}
    </form>
  );
}
