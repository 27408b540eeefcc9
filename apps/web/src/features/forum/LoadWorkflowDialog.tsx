import { endpoints } from '@cinegraph/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import useSWR from 'swr';
import { apiCall, endpointUrl } from '../../lib/api';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { useMovies } from '../movies/useMovies';
import { setInputsFromWorkflow } from '../workflows/workflowApi';
import { fileNameOf } from './logic/forumBlocks';

interface LoadWorkflowDialogProps {
  open: boolean;
  userId: string;
  workflowUrl: string;
  onClose(): void;
}

const SELECT =
  'mt-1 h-10 w-full rounded-lg border border-white/10 bg-neutral-950 px-3 text-sm text-neutral-100 focus:border-amber-400 focus:outline-none';

/**
 * Loads a post's workflow into a workflow node of one of the user's movies: the first movie and node
 * are chosen already, so one click on Load does it; the node's handles follow as for an upload. It is
 * mounted only while open, so every opening starts afresh.
 */
export function LoadWorkflowDialog({ open, userId, workflowUrl, onClose }: LoadWorkflowDialogProps) {
  const movies = useMovies(userId);
  const [movieId, setMovieId] = useState('');
  const [nodeId, setNodeId] = useState('');
  const [state, setState] = useState<{ busy: boolean; error: string | null; done: string | null }>({
    busy: false,
    error: null,
    done: null,
  });
  const chosenMovie = movieId || movies.data?.[0]?._id || '';
  const nodes = useSWR(
    open && chosenMovie
      ? endpointUrl(endpoints.listMovieWorkflowNodes, { params: { movieId: chosenMovie } })
      : null,
    () => apiCall(endpoints.listMovieWorkflowNodes, { params: { movieId: chosenMovie } }),
  );
  const chosenNode = nodes.data?.some((node) => node.id === nodeId) ? nodeId : (nodes.data?.[0]?.id ?? '');

  async function load() {
    setState({ busy: true, error: null, done: null });
    try {
      const response = await fetch(workflowUrl, { credentials: 'same-origin' });
      if (!response.ok) throw new Error('The workflow file could not be read.');
      const file = await response.blob();
      const node = await setInputsFromWorkflow(chosenMovie, chosenNode, {
        file,
        fileName: fileNameOf(workflowUrl, 'workflow.json'),
      });
      setState({ busy: false, error: null, done: node.name || 'the workflow node' });
    } catch (error) {
      setState({ busy: false, error: error instanceof Error ? error.message : 'Upload failed', done: null });
    }
  }

  const noMovies = movies.data?.length === 0;
  const noNodes = nodes.data?.length === 0;
  return (
    <Dialog
      open={open}
      title="Load workflow into a movie"
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>{state.done ? 'Close' : 'Cancel'}</Button>
          {!state.done && (
            <Button
              variant="primary"
              busy={state.busy}
              disabled={!chosenMovie || !chosenNode}
              onClick={() => void load()}
            >
              Load
            </Button>
          )}
        </>
      }
    >
      <div className="space-y-4 text-sm">
        <label className="block text-neutral-300">
          Movie
          <select className={SELECT} value={chosenMovie} onChange={(event) => setMovieId(event.target.value)}>
            {movies.data?.map((movie) => (
              <option key={movie._id} value={movie._id}>
                {movie.title}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-neutral-300">
          Workflow node
          <select className={SELECT} value={chosenNode} onChange={(event) => setNodeId(event.target.value)}>
            {nodes.data?.map((node) => (
              <option key={node.id} value={node.id}>
                {node.name || 'Workflow'}
              </option>
            ))}
          </select>
        </label>
        {noMovies && <p className="text-neutral-400">You have no movies yet.</p>}
        {noNodes && (
          <p className="text-neutral-400">This movie has no workflow nodes. Add one in the editor first.</p>
        )}
        {state.error && (
          <p role="alert" className="text-red-300">
            {state.error}
          </p>
        )}
        {state.done && (
          <p role="status" className="text-emerald-300">
            Loaded into {state.done}.{' '}
            <Link to={`/movies/${chosenMovie}/editor`} className="underline">
              Open the editor
            </Link>
          </p>
        )}
      </div>
    </Dialog>
  );
}
