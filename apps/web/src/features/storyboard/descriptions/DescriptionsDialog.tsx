import type { DescriptionType } from '@cinegraph/contracts';
import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { Spinner } from '../../../ui/Spinner';
import { DescriptionCard } from './DescriptionCard';
import { DESCRIPTION_TABS, descriptionsOfType, noDescriptionsText } from './descriptionTabs';
import { useDescriptions } from './useDescriptions';

/**
 * The movie's character, location and concept descriptions, in tabs (the prompt node's
 * 'Edit Descriptions'). Self-contained: the editor opens it with the movie id.
 */
export function DescriptionsDialog({
  movieId,
  open,
  onClose,
}: {
  movieId: string;
  open: boolean;
  onClose(): void;
}) {
  const [tab, setTab] = useState<DescriptionType>('character');
  const { descriptions, error, actions } = useDescriptions(movieId, open);
  const shown = descriptions ? descriptionsOfType(descriptions, tab) : [];
  return (
    <Dialog
      open={open}
      title="Descriptions"
      onClose={onClose}
      footer={<Button onClick={onClose}>Close</Button>}
    >
      <div
        role="tablist"
        aria-label="Description types"
        className="mb-3 flex gap-1 rounded-lg bg-white/5 p-1"
      >
        {DESCRIPTION_TABS.map(({ type, label }) => (
          <button
            key={type}
            type="button"
            role="tab"
            aria-selected={tab === type}
            onClick={() => setTab(type)}
            className={`flex-1 rounded-md px-2 py-1 text-sm ${
              tab === type ? 'bg-amber-400 text-neutral-950' : 'text-neutral-300 hover:bg-white/10'
            }`}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="max-h-[60vh] overflow-y-auto">
        {!descriptions ? (
          error ? (
            <p role="alert">{error instanceof Error ? error.message : 'Request failed'}</p>
          ) : (
            <div className="flex justify-center py-8">
              <Spinner label="Loading descriptions" />
            </div>
          )
        ) : shown.length === 0 ? (
          <p className="py-6 text-center text-neutral-500">{noDescriptionsText(tab)}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {shown.map((description) => (
              <DescriptionCard
                key={description.id}
                description={description}
                onSave={(text) => actions.save(description.id, text)}
                onDelete={() => actions.remove(description.id)}
              />
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  );
}
