import { DEFAULT_NODE_WIDTHS } from '@cinegraph/contracts';
import { lazy, memo, Suspense, useCallback, useMemo, useRef, useState, type CSSProperties } from 'react';
import { useNavigate } from 'react-router';
import { useShowHiddenItems } from '../../lib/preferences';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { NotFoundState, isNotFound } from '../../ui/NotFoundState';
import { Spinner } from '../../ui/Spinner';
import { useToast } from '../../ui/toast';
import { useLazyDialog } from '../../ui/useLazyDialog';
import { CanvasErrorBoundary } from './CanvasErrorBoundary';
import { EditorActionsContext, type EditorActions } from './editorActions';
import { EditorCanvas } from './EditorCanvas';
import type { EditorKeyAction } from './logic/keyboard';
import { minimapSize } from './logic/device';
import { freeSpot, menuPosition } from './logic/placement';
import { clearInsets, visibleArea } from './logic/view';
import {
  choiceDisplayType,
  nodeChoiceCategories,
  QUICK_CHOICES,
  SHARED_WORKFLOW_CHOICE,
  type NodeChoice,
} from './logic/nodeChoices';
import { CreateNodeDialog } from './menu/CreateNodeDialog';
import { NodeAddMenu } from './menu/NodeAddMenu';
import { EditorTopBar } from './toolbar/EditorTopBar';
import { useCanvasView } from './useCanvasView';
import { useDevice } from './useDevice';
import { useEditorData } from './useEditorData';
import { useEditorGraph } from './useEditorGraph';
import { useEditorKeyboard } from './useEditorKeyboard';

export const WORKFLOW_DELETE_CONFIRM =
  'Are you sure you want to delete this workflow node? All associated generations and data will be permanently deleted.';
const DEFAULT_ACCENT = '#fbbf24';
/** A new node's height before it is measured. */
const NEW_NODE_HEIGHT = 160;
/** Room the node-add menu needs with a submenu open (two 160 px panels, 300 px high at most). */
const MENU_SIZE = { width: 340, height: 300 };

interface MenuPlace {
  /** Pixels within the canvas, where the menu is drawn. */
  at: { x: number; y: number };
  /** The canvas position a node picked from the menu is placed at. */
  flow: { x: number; y: number };
}

/**
 * The Help dialog's code (and its shortcut list's) is asked for when it is first opened: the editor's
 * page loads what it draws first, and every file it asks for before its reads holds them back.
 */
const HelpDialog = lazy(() => import('./HelpDialog').then((m) => ({ default: m.HelpDialog })));

/**
 * The canvas drawn again only when its own props change: a read arriving after it opened, a menu or a
 * dialog opening, or the pointer moving redraws the screen around it, not React Flow and its nodes.
 */
const Canvas = memo(EditorCanvas);

/** The editor of one movie: top bar, canvas, node menus and dialogs. */
export function EditorScreen({ movieId }: { movieId: string }) {
  const data = useEditorData(movieId);
  const graph = useEditorGraph(movieId, data);
  const device = useDevice();
  const canvasView = useCanvasView();
  const toast = useToast();
  const navigate = useNavigate();
  const [showHidden, setShowHidden] = useShowHiddenItems();
  const canvasRef = useRef<HTMLDivElement>(null);
  const pointer = useRef<{ x: number; y: number } | null>(null);
  const [menu, setMenu] = useState<MenuPlace | null>(null);
  const [createOpen, setCreateOpen] = useState(false);
  const help = useLazyDialog();
  const [confirmIds, setConfirmIds] = useState<string[] | null>(null);
  const categories = useMemo(() => nodeChoiceCategories(data.utilityTemplates), [data.utilityTemplates]);
  const { addNode, deleteNodes, disconnect, moveSelected, save, setHidden, store, updateNode } = graph;

  const canvasSize = useCallback(() => {
    const rect = canvasRef.current?.getBoundingClientRect();
    return { width: rect?.width ?? window.innerWidth, height: rect?.height ?? window.innerHeight };
  }, []);

  /** Where a point of the screen is, in the canvas and on the canvas element (the pane's center without one). */
  const placeAt = useCallback(
    (client?: { x: number; y: number } | null): MenuPlace => {
      const rect =
        canvasRef.current?.getBoundingClientRect() ??
        new DOMRect(0, 0, window.innerWidth, window.innerHeight);
      const point = client ?? { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
      return {
        at: menuPosition({ x: point.x - rect.left, y: point.y - rect.top }, MENU_SIZE, rect),
        flow: canvasView.screenToFlowPosition(point),
      };
    },
    [canvasView],
  );

  /**
   * Where a new node goes: at the point given (the cursor, the menu), else centred in the view; moved to
   * the nearest spot in view where it covers no other node (drawn or not: their estimated sizes count).
   */
  const spotFor = useCallback(
    (choice: NodeChoice, at?: { x: number; y: number }) => {
      const rect = canvasRef.current?.getBoundingClientRect();
      const size = { width: DEFAULT_NODE_WIDTHS[choiceDisplayType(choice)], height: NEW_NODE_HEIGHT };
      const view =
        rect && visibleArea(canvasView.getViewport(), rect, clearInsets(minimapSize(device.touch).height));
      const wanted =
        at ??
        (view
          ? { x: view.x + (view.width - size.width) / 2, y: view.y + (view.height - size.height) / 2 }
          : placeAt(null).flow);
      const taken = store.getSnapshot().nodes.map((node) => ({
        ...node.position,
        width: node.measured?.width ?? node.initialWidth ?? node.width ?? DEFAULT_NODE_WIDTHS.utility,
        height: node.measured?.height ?? node.initialHeight ?? node.height ?? NEW_NODE_HEIGHT,
      }));
      return freeSpot(wanted, size, taken, view);
    },
    [device.touch, canvasView, placeAt, store],
  );

  const add = useCallback(
    (choice: NodeChoice, at?: { x: number; y: number }) => {
      if (!store.getSnapshot().loaded) return;
      void addNode(choice, spotFor(choice, at));
    },
    [addNode, spotFor, store],
  );

  const requestDelete = useCallback(
    (ids: readonly string[]) => {
      const nodes = ids.map((id) => store.node(id)).filter((node) => node !== undefined);
      const workflows = nodes.filter((node) => node.data.node.type === 'workflow').map((node) => node.id);
      const others = nodes.filter((node) => node.data.node.type !== 'workflow').map((node) => node.id);
      if (others.length > 0) void deleteNodes(others);
      if (workflows.length > 0) setConfirmIds(workflows);
    },
    [deleteNodes, store],
  );

  const saveThenGo = useCallback(
    async (path: string) => {
      await save();
      void navigate(path);
    },
    [navigate, save],
  );

  function toggleHidden(show: boolean) {
    // Nodes leaving the screen leave the selection too, so no key acts on them unseen.
    if (!show) {
      store.setNodes((nodes) =>
        nodes.map((node) => (node.data.node.hidden && node.selected ? { ...node, selected: false } : node)),
      );
    }
    setShowHidden(show);
  }

  const openPaneMenu = useCallback(
    (event: { clientX: number; clientY: number }) =>
      device.phone ? setCreateOpen(true) : setMenu(placeAt({ x: event.clientX, y: event.clientY })),
    [device.phone, placeAt],
  );
  const closeMenu = useCallback(() => setMenu(null), []);

  const toggleMenu = useCallback(() => {
    if (device.phone) return setCreateOpen((open) => !open);
    setMenu((open) => (open ? null : placeAt(pointer.current)));
  }, [device.phone, placeAt]);

  useEditorKeyboard((action: EditorKeyAction) => {
    switch (action.kind) {
      case 'save':
        void save().then((ok) => ok && toast.success('Saved.'));
        break;
      case 'delete': {
        // Only what the creator can see is deleted: a hidden node stays selected out of sight.
        const { nodes, edges } = store.getSnapshot();
        const shown = nodes.filter((node) => showHidden || !node.data.node.hidden);
        const shownIds = new Set(shown.map((node) => node.id));
        void disconnect(
          edges.filter((edge) => edge.selected && shownIds.has(edge.source) && shownIds.has(edge.target)),
        );
        requestDelete(shown.filter((node) => node.selected).map((node) => node.id));
        break;
      }
      case 'toggleMenu':
        toggleMenu();
        break;
      case 'add':
        add(QUICK_CHOICES[action.node], pointer.current ? placeAt(pointer.current).flow : undefined);
        break;
      case 'move':
        moveSelected(action.dx, action.dy);
        break;
    }
  });

  const actions = useMemo<EditorActions>(
    () => ({
      updateNode,
      requestDelete,
      setHidden: (nodeId, hidden) => void setHidden(nodeId, hidden),
    }),
    [updateNode, requestDelete, setHidden],
  );

  const accent = { '--editor-accent': data.movie?.current_node_color || DEFAULT_ACCENT } as CSSProperties;
  if (isNotFound(data.error)) {
    return (
      <main id="main" className="fixed inset-x-0 top-16 bottom-0 overflow-auto bg-neutral-950">
        <NotFoundState thing="movie" />
      </main>
    );
  }
  return (
    <EditorActionsContext.Provider value={actions}>
      <main id="main" className="fixed inset-x-0 top-16 bottom-0 flex flex-col bg-neutral-950" style={accent}>
        <EditorTopBar
          movieId={movieId}
          title={data.movie?.title ?? 'Loading…'}
          saving={graph.saving}
          showHidden={showHidden}
          phone={device.phone}
          onToggleHidden={() => toggleHidden(!showHidden)}
          onHelp={help.show}
          onOpenCharacters={() => void saveThenGo(`/movies/${movieId}/characters`)}
          onOpenScenes={() => void saveThenGo(`/scenes/${movieId}`)}
          onAdd={(kind) => add(QUICK_CHOICES[kind])}
          onCreateNode={() => (device.phone ? setCreateOpen(true) : setMenu(placeAt(null)))}
        />
        <div
          ref={canvasRef}
          data-testid="editor-canvas"
          className="relative min-h-0 flex-1"
          onPointerMove={(event) => {
            pointer.current = { x: event.clientX, y: event.clientY };
          }}
          onPointerLeave={() => {
            pointer.current = null;
          }}
        >
          {graph.loaded ? (
            <CanvasErrorBoundary>
              <Canvas
                movieId={movieId}
                graph={graph}
                device={device}
                showHidden={showHidden}
                canvasSize={canvasSize}
                onPaneMenu={openPaneMenu}
                onPaneClick={closeMenu}
              />
            </CanvasErrorBoundary>
          ) : data.error ? (
            <LoadFailed onRetry={() => void data.retry()} />
          ) : (
            <Spinner overlay backdrop={false} size="lg" label="Loading the editor" />
          )}
          {menu && (
            <NodeAddMenu
              at={menu.at}
              categories={categories}
              onPick={(choice) => add(choice, menu.flow)}
              sharedSpot={() => spotFor(SHARED_WORKFLOW_CHOICE, menu.flow)}
              onClose={closeMenu}
            />
          )}
        </div>
      </main>
      <CreateNodeDialog
        open={createOpen}
        categories={categories}
        onPick={(choice) => add(choice)}
        sharedSpot={() => spotFor(SHARED_WORKFLOW_CHOICE)}
        onClose={() => setCreateOpen(false)}
      />
      {help.mounted && (
        <Suspense fallback={null}>
          <HelpDialog open={help.open} onClose={help.close} />
        </Suspense>
      )}
      <ConfirmDialog
        open={confirmIds !== null}
        variant="delete"
        title="Delete workflow node"
        message={WORKFLOW_DELETE_CONFIRM}
        onCancel={() => setConfirmIds(null)}
        onConfirm={() => {
          if (confirmIds) void deleteNodes(confirmIds);
          setConfirmIds(null);
        }}
      />
    </EditorActionsContext.Provider>
  );
}

function LoadFailed({ onRetry }: { onRetry(): void }) {
  return (
    <div role="alert" className="flex h-full flex-col items-center justify-center gap-4 text-neutral-300">
      <p>This movie could not be loaded.</p>
      <Button variant="primary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
