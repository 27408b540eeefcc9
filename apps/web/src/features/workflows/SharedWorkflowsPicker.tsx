import { useParams } from 'react-router';
import { addSharedWorkflowNode } from './addSharedWorkflowNode';
import { SharedWorkflowsModal } from './SharedWorkflowsModal';

interface SharedWorkflowsPickerProps {
  open: boolean;
  /** Where the new node goes, in canvas coordinates (read when a workflow is picked). */
  position(): { x: number; y: number };
  onClose(): void;
}

/** The shared-workflow browser opened from the node-add menu: the pick becomes a new workflow node. */
export function SharedWorkflowsPicker({ open, position, onClose }: SharedWorkflowsPickerProps) {
  const { movieId } = useParams();
  return (
    <SharedWorkflowsModal
      open={open}
      onClose={onClose}
      onLoad={async (workflow) => {
        if (movieId) await addSharedWorkflowNode(movieId, position(), workflow);
      }}
    />
  );
}
