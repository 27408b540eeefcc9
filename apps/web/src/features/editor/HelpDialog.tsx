import { Link } from 'react-router';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { ShortcutList } from './ShortcutList';

/** The editor's help: keyboard shortcuts and the concepts behind the graph. */
export function HelpDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <Dialog
      open={open}
      title="Node Editor Help"
      onClose={onClose}
      footer={
        <>
          <Link
            to="/tutorials/node-editor"
            target="_blank"
            rel="noreferrer"
            className="mr-auto text-sm font-medium text-amber-300 underline-offset-4 hover:underline"
          >
            Open the tutorials
          </Link>
          <Button onClick={onClose}>Close</Button>
        </>
      }
    >
      <h3 className="mb-1 font-semibold text-neutral-100">Keyboard shortcuts</h3>
      <ShortcutList className="mb-4 text-xs" />
      <h3 className="mb-1 font-semibold text-neutral-100">Concepts</h3>
      <ul className="list-disc space-y-1 pl-4 text-xs">
        <li>Movie inputs apply to every generation in the movie.</li>
        <li>Scene inputs apply to all shots of a scene; shot inputs to one shot.</li>
        <li>Character inputs apply whenever the character is named in a shot description.</li>
        <li>Workflow nodes turn inputs into footage; utility nodes prepare text and collect results.</li>
        <li>Connect an output to an input of the same colour (grey accepts any type).</li>
        <li>A workflow node shows Generate once every input except LoRAs is connected.</li>
      </ul>
    </Dialog>
  );
}
