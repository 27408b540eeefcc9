import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { SharedWorkflowsPicker } from '../../workflows/SharedWorkflowsPicker';
import { opensSharedBrowser, type ChoiceCategory, type NodeChoice } from '../logic/nodeChoices';

interface CreateNodeDialogProps {
  open: boolean;
  categories: readonly ChoiceCategory[];
  onPick(choice: NodeChoice): void;
  /** Where a node loaded from a shared workflow goes, in canvas coordinates. */
  sharedSpot(): { x: number; y: number };
  onClose(): void;
}

/** On phones the node-add menu is this dialog, with tabs Inputs, Workflows and Utility. */
export function CreateNodeDialog({ open, categories, onPick, sharedSpot, onClose }: CreateNodeDialogProps) {
  const [tab, setTab] = useState<ChoiceCategory['id']>('input');
  const [browsing, setBrowsing] = useState(false);
  const current = categories.find((category) => category.id === tab) ?? categories[0];
  return (
    <>
      <SharedWorkflowsPicker open={browsing} position={sharedSpot} onClose={() => setBrowsing(false)} />
      <Dialog
        open={open}
        title="Create Node"
        onClose={onClose}
        footer={<Button onClick={onClose}>Cancel</Button>}
      >
        <div role="tablist" aria-label="Node kinds" className="mb-3 flex gap-1 rounded-lg bg-neutral-950 p-1">
          {categories.map((category) => (
            <button
              key={category.id}
              type="button"
              role="tab"
              aria-selected={category.id === current?.id}
              onClick={() => setTab(category.id)}
              className={`flex-1 rounded-md px-2 py-1.5 text-sm font-medium ${
                category.id === current?.id ? 'bg-neutral-800 text-white' : 'text-neutral-400'
              }`}
            >
              {category.tab}
            </button>
          ))}
        </div>
        <ul
          role="tabpanel"
          aria-label={current?.tab}
          className="flex max-h-72 flex-col gap-1 overflow-y-auto"
        >
          {current?.entries.map((entry) => (
            <li key={entry.key}>
              <button
                type="button"
                onClick={() => {
                  if (opensSharedBrowser(entry.choice)) setBrowsing(true);
                  else onPick(entry.choice);
                  onClose();
                }}
                className="flex w-full flex-col rounded-lg border border-white/10 px-3 py-2 text-left hover:bg-white/5"
              >
                <span className="text-sm font-medium text-neutral-100">{entry.label}</span>
                <span className="text-xs text-neutral-400">{entry.description}</span>
              </button>
            </li>
          ))}
        </ul>
      </Dialog>
    </>
  );
}
