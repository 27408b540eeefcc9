import { SHOTS_TO_GENERATE, STORYBOARD_MESSAGES, type Scene } from '@cinegraph/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { generateShotsProblem } from '../logic/generateShots';
import { createAutomaticShots } from './automaticShots';

export interface GenerateShotsDialogProps {
  movieId: string;
  scene: Scene;
  characterNames: readonly string[];
  onClose(): void;
  /** The shots were created. */
  onDone(count: number): void;
}

const FIELD =
  'w-full rounded-lg border border-white/10 bg-neutral-950 px-3 py-2 text-sm text-neutral-100 outline-none focus:border-amber-400';

/** 'Automatic Shots': plans shots from the scene description and adds them to the scene. */
export function GenerateShotsDialog({
  movieId,
  scene,
  characterNames,
  onClose,
  onDone,
}: GenerateShotsDialogProps) {
  const [description, setDescription] = useState(scene.description);
  const [amount, setAmount] = useState(String(SHOTS_TO_GENERATE.default));
  const [facts, setFacts] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = generateShotsProblem(description, characterNames);
    if (problem) return setError(problem);
    setError(null);
    setBusy(true);
    try {
      const count = await createAutomaticShots({
        movieId,
        scene,
        description,
        characterNames,
        amount: Math.min(
          SHOTS_TO_GENERATE.max,
          Math.max(SHOTS_TO_GENERATE.min, Math.trunc(Number(amount)) || 1),
        ),
        fixedSceneFacts: facts,
      });
      onDone(count);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : STORYBOARD_MESSAGES.generateShotsFailed);
      setBusy(false);
    }
  }

  return (
    <Dialog open title="Automatic Shots" onClose={() => !busy && onClose()}>
      <form onSubmit={submit} className="flex flex-col gap-4">
        <label className="flex flex-col gap-1.5 text-neutral-300">
          Scene description
          <textarea
            rows={5}
            value={description}
            onChange={(e) => {
              setDescription(e.target.value);
              setError(null);
            }}
            className={FIELD}
          />
        </label>
        <label className="flex flex-col gap-1.5 text-neutral-300">
          Number of shots
          <input
            type="number"
            min={SHOTS_TO_GENERATE.min}
            max={SHOTS_TO_GENERATE.max}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            className={FIELD}
          />
        </label>
        <label className="flex flex-col gap-1.5 text-neutral-300">
          Fixed scene facts (optional)
          <textarea rows={2} value={facts} onChange={(e) => setFacts(e.target.value)} className={FIELD} />
        </label>
        {error && (
          <p role="alert" className="rounded-lg bg-red-500/10 px-3 py-2 text-red-300">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" busy={busy}>
            {busy ? 'Generating...' : 'Generate Shots'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
