import { selectionAfterDelete, type Scene } from '@cinegraph/contracts';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import { useShowHiddenItems } from '../../lib/preferences';
import { Spinner } from '../../ui/Spinner';
import { CutBar } from '../cut/CutBar';
import { useToast } from '../../ui/toast';
import { DeleteItemDialog } from './DeleteItemDialog';
import { ItemGrid } from './grid/ItemGrid';
import { useClipboardShortcuts } from './hooks/useClipboardShortcuts';
import { useSelection } from './hooks/useSelection';
import {
  useDisplayImages,
  useGenerationStats,
  useHasWorkflowNodes,
  useMovieCharacters,
  useParentTitles,
  useWithNewOutput,
} from './hooks/useStoryboardReads';
import { useStoryboardList } from './hooks/useStoryboardList';
import { titleChange, type StoryboardItem } from './logic/levels';
import { clearsNewOutput } from './logic/newOutput';
import { moveAmongVisible, visibleItems } from './logic/ordering';
import { ItemPanel } from './panel/ItemPanel';
import { generationsPath, shotsPath } from './paths';
import { StoryboardBreadcrumb } from './StoryboardBreadcrumb';
import { listKey, type ListScope } from './storyboardApi';
import { isNotFound } from '../../ui/NotFoundState';
import { StoryboardStatus } from './StoryboardStatus';

/** Opened on demand (a scene's Automatic Shots): its code comes then, not before the tiles. */
const GenerateShotsDialog = lazy(() =>
  import('./automatic/GenerateShotsDialog').then((m) => ({ default: m.GenerateShotsDialog })),
);

/** The spec: a new item is selected, and selected again after 100 ms. */
const RESELECT_DELAY_MS = 100;

/** A storyboard list screen: the grid of scenes, shots or characters and the selected item's panel. */
export function StoryboardScreen({ scope }: { scope: ListScope }) {
  const { level, movieId } = scope;
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const toast = useToast();
  const { items, busyIds, loaded, error, actions } = useStoryboardList(scope);
  const [showHidden] = useShowHiddenItems();
  const visible = useMemo(() => visibleItems(items, showHidden), [items, showHidden]);
  const { selected, select } = useSelection(visible);
  const [creating, setCreating] = useState(false);
  const [copying, setCopying] = useState(false);
  const [focusId, setFocusId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<StoryboardItem | null>(null);
  const [planning, setPlanning] = useState<Scene | null>(null);

  const titles = useParentTitles(scope);
  const hasWorkflowNodes = useHasWorkflowNodes(movieId);
  const characters = useMovieCharacters(movieId, level !== 'character');
  const characterNames = useMemo(() => characters.map((c) => c.name || c.title), [characters]);
  const withNewOutput = useWithNewOutput(scope);
  const images = useDisplayImages(scope);
  const stats = useGenerationStats(level, selected?._id ?? null);
  const newOutputIds = useMemo(
    () => new Set([...withNewOutput.ids, ...items.filter((item) => item.new_output).map((item) => item._id)]),
    [withNewOutput.ids, items],
  );

  const shotDurations = useMemo(
    () => new Map(items.flatMap((item) => ('duration' in item ? [[item._id, item.duration] as const] : []))),
    [items],
  );
  const selectedId = selected?._id ?? null;
  const clearNow = selected !== null && clearsNewOutput(level, selected.new_output, stats);
  useEffect(() => {
    if (!clearNow || !selectedId) return;
    actions.edit(selectedId, { new_output: false }, { now: true });
    withNewOutput.refresh();
  }, [clearNow, selectedId, actions, withNewOutput]);

  const create = useCallback(async () => {
    setCreating(true);
    const item = await actions.create();
    setCreating(false);
    if (!item) return;
    select(item._id);
    setFocusId(item._id);
    setTimeout(() => select(item._id), RESELECT_DELAY_MS);
  }, [actions, select]);

  const paste = useCallback(
    async (copiedId: string, afterId: string) => {
      setCopying(true);
      const id = await actions.paste(copiedId, afterId);
      setCopying(false);
      if (id) select(id);
    },
    [actions, select],
  );
  useClipboardShortcuts(selectedId, paste);

  async function confirmDelete(item: StoryboardItem) {
    const position = visible.findIndex((other) => other._id === item._id);
    if (await actions.remove(item._id)) {
      const remaining = visible.filter((other) => other._id !== item._id);
      select(selectionAfterDelete(remaining, position)?._id ?? null);
    }
    setDeleting(null);
  }

  function open(item: StoryboardItem) {
    if (level === 'scene') navigate(shotsPath(movieId, item._id));
    else if (level === 'shot' && scope.sceneId) {
      if (hasWorkflowNodes) navigate(generationsPath(movieId, scope.sceneId, item._id));
      else toast.info('Create workflows in the editor to generate content');
    }
  }

  function move(from: number, to: number) {
    const order = moveAmongVisible(
      items.map((item) => item._id),
      visible.map((item) => item._id),
      from,
      to,
    );
    void actions.reorder(order);
  }

  return (
    <main id="main" className="min-h-screen px-4 pt-24 pb-16 text-neutral-100 sm:px-6 lg:px-8">
      <div className="mx-auto max-w-[1600px]">
        <StoryboardBreadcrumb level={level} movieId={movieId} {...titles} />
        {level !== 'character' && !isNotFound(error) && (
          <CutBar
            movieId={movieId}
            sceneId={scope.sceneId}
            title={(level === 'shot' ? titles.sceneTitle : titles.movieTitle) || 'Untitled'}
            durations={shotDurations}
          />
        )}
        <StoryboardStatus
          loaded={loaded}
          error={error}
          onRetry={actions.refetch}
          thing={level === 'shot' ? 'scene' : 'movie'}
        />
        {loaded && (
          <div className="flex flex-col gap-6 lg:flex-row lg:items-start">
            <div className="min-w-0 flex-1">
              <ItemGrid
                level={level}
                items={visible}
                images={images}
                selectedId={selectedId}
                newOutputIds={newOutputIds}
                focusId={focusId}
                creating={creating}
                onSelect={select}
                onOpen={open}
                onTitleChange={(item, text) => actions.edit(item._id, titleChange(level, text))}
                busyIds={busyIds}
                onToggleHidden={(item) => void actions.setHidden(item._id, !item.hidden)}
                onDelete={setDeleting}
                onCreate={() => void create()}
                onMove={move}
              />
            </div>
            <div className="w-full shrink-0 lg:sticky lg:top-24 lg:w-96">
              {selected ? (
                <ItemPanel
                  key={selected._id}
                  level={level}
                  item={selected}
                  showHidden={showHidden}
                  characterNames={characterNames}
                  stats={stats}
                  onChange={(change, options) => actions.edit(selected._id, change, options)}
                  onAutomaticShots={() => setPlanning(selected as Scene)}
                />
              ) : (
                <p className="rounded-2xl border border-dashed border-white/10 p-6 text-sm text-neutral-500">
                  Nothing selected. Add one with the plus tile.
                </p>
              )}
            </div>
          </div>
        )}
      </div>
      <DeleteItemDialog
        level={level}
        item={deleting}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
      {planning && (
        <Suspense fallback={null}>
          <GenerateShotsDialog
            movieId={movieId}
            scene={planning}
            characterNames={characterNames}
            onClose={() => setPlanning(null)}
            onDone={async (count) => {
              toast.success(`${count} shots created`);
              // The scene's shot list may be cached from an earlier visit: fetch it anew before showing it.
              await mutate(listKey({ level: 'shot', movieId, sceneId: planning._id }));
              navigate(shotsPath(movieId, planning._id));
            }}
          />
        </Suspense>
      )}
      {copying && <Spinner overlay fullScreen size="lg" label="Copying..." />}
    </main>
  );
}
