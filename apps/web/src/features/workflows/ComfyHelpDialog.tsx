import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';

const INPUTS: [string, string][] = [
  ['Text', 'a prompt or any text'],
  ['Number', 'a number (also given rounded, as an integer)'],
  ['Vector2', 'a size, [width, height]'],
  ['Image', 'an image from a URL'],
  ['Video', 'a video from a URL'],
  ['Audio', 'an audio file from a URL'],
  ['LoRA', 'a LoRA with its strength and trigger keyword'],
];

/** How a ComfyUI workflow talks to Cinegraph: the pack's input, control and output nodes. */
export function ComfyHelpDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <Dialog
      open={open}
      title="Cinegraph nodes in ComfyUI"
      onClose={onClose}
      footer={<Button onClick={onClose}>Close</Button>}
    >
      <p className="mb-3 text-xs">
        Add the Cinegraph nodes (double-click the canvas and type “Cinegraph”) to mark what your workflow
        takes and gives. They become the handles of the workflow node on the canvas.
      </p>
      <h3 className="mb-1 font-semibold text-neutral-100">Input nodes</h3>
      <ul className="mb-3 list-disc space-y-0.5 pl-4 text-xs">
        {INPUTS.map(([name, what]) => (
          <li key={name}>
            <span className="font-medium text-neutral-100">{name}</span>: {what}
          </li>
        ))}
      </ul>
      <h3 className="mb-1 font-semibold text-neutral-100">Control nodes</h3>
      <p className="mb-3 text-xs">
        Conditional bypass: runs or skips part of the graph per shot.{' '}
        <span className="rounded bg-amber-400/15 px-1 text-amber-300">Work in progress</span>
      </p>
      <h3 className="mb-1 font-semibold text-neutral-100">Output nodes</h3>
      <p className="text-xs">
        The output node saves images, video or audio as the shot’s takes.{' '}
        <strong className="text-neutral-100">Every workflow needs an output node.</strong>
      </p>
    </Dialog>
  );
}
