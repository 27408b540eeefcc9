import type { ImportResult } from '@cinegraph/contracts';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { API_BASE } from '../../../lib/api';
import { useToast } from '../../../ui/toast';
import { ImportScriptDialog } from './ImportScriptDialog';

/** `Script imported: 18 added, 2 changed, 0 kept, 1 removed.` */
export function importedText({ added, changed, kept, removed }: ImportResult): string {
  return `Script imported: ${added} added, ${changed} changed, ${kept} kept, ${removed} removed.`;
}

/** The scene list's Import Script control: the dialog, then every read of the movie fetched anew. */
export function ImportScriptButton({ movieId, className }: { movieId: string; className: string }) {
  const [open, setOpen] = useState(false);
  const { mutate } = useSWRConfig();
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={className}>
        Import Script
      </button>
      {open && (
        <ImportScriptDialog
          target={{ movieId }}
          onClose={() => setOpen(false)}
          onDone={(done) => {
            setOpen(false);
            if ('result' in done) toast.success(importedText(done.result));
            // Scenes, shots, characters and the title may all have changed.
            void mutate((key) => typeof key === 'string' && key.startsWith(API_BASE));
          }}
        />
      )}
    </>
  );
}
