import { checkConnection } from '@cinegraph/contracts';
import {
  Background,
  BackgroundVariant,
  ControlButton,
  Controls,
  getNodesBounds,
  ReactFlow,
  useStore,
  useStoreApi,
  type Edge,
  type IsValidConnection,
  type OnConnect,
  type OnNodesChange,
  type OnNodeDrag,
  type Viewport,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import './canvas.css';
import {
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type MouseEvent,
} from 'react';
import { CanvasMinimap } from './CanvasMinimap';
import {
  animateEdges,
  connectionOf,
  stillEdgesKey,
  type CanvasEdge,
  type CanvasNode,
} from './logic/canvasNodes';
import { CANVAS_SETTINGS, defaultZoom, minimapSize } from './logic/device';
import {
  clearInsets,
  keptFit,
  nodesInViewMeasured,
  sameViewport,
  savedViewport,
  saveViewport,
} from './logic/view';
import { useGenerationEvents } from '../generation/hooks/useGenerationEvents';
import { useMovieGenerationStatus } from '../generation/hooks/useNodeGenerationStatus';
import { generatingKey, generatingNodes, idsOfKey } from './logic/generatingNodes';
import { createCardStates, followNodeData } from './logic/cardStates';
import { cardStates, drawnAsCards } from './logic/farNodes';
import { menuPosition } from './logic/placement';
import { CardMenu } from './nodes/CardMenu';
import { CardMenuContext, CardStatesContext, FarZoomContext } from './nodes/farZoom';
import { NODE_TYPES } from './nodes/nodeTypes';
import { withoutEstimatedSizes } from './logic/unmeasuredNodes';
import { useCanvasView } from './useCanvasView';
import type { Device } from './useDevice';
import type { EditorGraph } from './useEditorGraph';

interface EditorCanvasProps {
  movieId: string;
  graph: EditorGraph;
  device: Device;
  showHidden: boolean;
  /** The canvas element's size now (it is laid out before the canvas mounts). */
  canvasSize(): { width: number; height: number };
  onPaneMenu(event: MouseEvent | globalThis.MouseEvent): void;
  onPaneClick(): void;
}

const PRO_OPTIONS = { hideAttribution: true };
/**
 * The edges until the nodes in view are measured, in the same frame: given with the nodes, each edge
 * in view was drawn at its nodes' estimated handles, then again a moment later where React Flow
 * measured them (the measures differ from the estimates in their last decimals), its path laid out
 * twice before the first view showed.
 */
const NO_EDGES: CanvasEdge[] = [];
/** Room a card's node menu needs (two items). */
const CARD_MENU_SIZE = { width: 180, height: 90 };

/**
 * Whether the canvas is zoomed out past reading (its nodes drawn as cards) on a desktop or on a touch
 * screen: booleans, so a zoom re-renders the canvas only as it crosses the threshold.
 */
const cardsOnDesktop = (state: { transform: [number, number, number] }) =>
  drawnAsCards(state.transform[2], false);
const cardsOnTouch = () => false;

/**
 * The React Flow canvas with the spec's settings and the touch gestures for edges. Every prop it gives
 * React Flow keeps its identity from one drag step to the next (React Flow re-reads a prop that changes),
 * and only the nodes and edges in view are in the page (see withSizeEstimate for the nodes not drawn yet).
 */
export function EditorCanvas({
  movieId,
  graph,
  device,
  showHidden,
  canvasSize,
  onPaneMenu,
  onPaneClick,
}: EditorCanvasProps) {
  const { store, disconnect, connect, savePositions } = graph;
  const { nodes, edges } = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const flowStore = useStoreApi<CanvasNode, CanvasEdge>();
  // One read of the movie's counts for every node, drawn in full or not (the footers read the same).
  const status = useMovieGenerationStatus(movieId).data;
  // The movie's stream, one for the canvas (shared with the footers of the nodes drawn in full): the
  // counts are read again as a job moves, so a card zoomed out past its footer follows its jobs live
  // rather than at the 25 s poll.
  useGenerationEvents(movieId);
  // What the nodes carry, the same array through a drag (only positions change there).
  const [dataOf] = useState(followNodeData);
  const nodeData = dataOf(nodes);
  const generatingNow = generatingKey(generatingNodes(status));

  const shownNodes = useMemo(
    () => (showHidden ? nodes : nodes.filter((node) => !node.data.node.hidden)),
    [nodes, showHidden],
  );
  // The hidden nodes as a key: a drag changes the nodes but not which are hidden, and then the edges
  // stay the same array (React Flow goes through every edge again when it gets a new one).
  const hiddenKey = useMemo(
    () =>
      showHidden
        ? ''
        : nodeData
            .filter((node) => node.hidden)
            .map((node) => node._id)
            .join(' '),
    [nodeData, showHidden],
  );
  // Recomputed through a drag (a node may be dragged far), the same key while no edge changes length class.
  const generating = useMemo(() => idsOfKey(generatingNow), [generatingNow]);
  const stillKey = useMemo(() => stillEdgesKey(edges, nodes, generating), [edges, nodes, generating]);
  const shownEdges = useMemo(() => {
    const hidden = idsOfKey(hiddenKey);
    const shown =
      hidden.size === 0 ? edges : edges.filter((e) => !hidden.has(e.source) && !hidden.has(e.target));
    return animateEdges(shown, generating, idsOfKey(stillKey)) as CanvasEdge[];
  }, [edges, hiddenKey, generating, stillKey]);

  const isValidConnection = useCallback<IsValidConnection<CanvasEdge>>(
    (candidate) => {
      const body = connectionOf(candidate);
      const node = (id: string) => {
        const found = store.node(id)?.data.node;
        return found && { ...found, id: found._id };
      };
      return checkConnection(
        node(body.source_node_id),
        body.source_handle_id,
        node(body.target_node_id),
        body.target_handle_id,
      ).ok;
    },
    [store],
  );

  // On touch screens a tap selects an edge and a second tap on the selected edge removes it.
  const onEdgeClick = useCallback(
    (_event: MouseEvent, edge: Edge) => {
      if (!device.touch) return;
      if (edge.selected) void disconnect([edge]);
      else store.setEdges((all) => all.map((e) => ({ ...e, selected: e.id === edge.id })));
    },
    [device.touch, disconnect, store],
  );

  const handlePaneClick = useCallback(() => {
    if (device.touch) store.setEdges((all) => all.map((e) => (e.selected ? { ...e, selected: false } : e)));
    onPaneClick();
  }, [device.touch, onPaneClick, store]);

  // The sizes React Flow measures as estimated are not taken (see withoutEstimatedSizes).
  const { onNodesChange: changeNodes } = graph;
  const onNodesChange = useCallback<OnNodesChange<CanvasNode>>(
    (changes) => {
      const kept = withoutEstimatedSizes(changes, store.getSnapshot().nodes, (id) => {
        const bounds = flowStore.getState().nodeLookup.get(id)?.internals.handleBounds;
        return bounds && [...(bounds.source ?? []), ...(bounds.target ?? [])];
      });
      if (kept.length > 0) changeNodes(kept);
    },
    [changeNodes, flowStore, store],
  );
  const onConnect = useCallback<OnConnect>((connection) => void connect(connection), [connect]);
  const onNodeDragStop = useCallback<OnNodeDrag<CanvasNode>>(
    (_event, _node, moved) => void savePositions(moved),
    [savePositions],
  );
  const onPaneContextMenu = useCallback(
    (event: MouseEvent | globalThis.MouseEvent) => {
      event.preventDefault();
      onPaneMenu(event);
    },
    [onPaneMenu],
  );

  // Not on touch screens: a phone's fitted view is that far out, and its nodes are still tapped there.
  const far = useStore(device.touch ? cardsOnTouch : cardsOnDesktop);
  // The cards' states, read again when the counts or the nodes' data change (not at a drag step); each
  // card follows its own (useCardState), so a change redraws only the cards whose state it changes.
  const [cards] = useState(createCardStates);
  const states = useMemo(() => cardStates(nodeData, status), [nodeData, status]);
  useLayoutEffect(() => cards.set(states), [cards, states]);
  const [cardMenu, setCardMenu] = useState<{ nodeId: string; at: { x: number; y: number } } | null>(null);
  const openCardMenu = useCallback(
    (nodeId: string, client: { x: number; y: number }) => {
      const rect = flowStore.getState().domNode?.getBoundingClientRect();
      if (!rect) return;
      const at = menuPosition({ x: client.x - rect.left, y: client.y - rect.top }, CARD_MENU_SIZE, rect);
      setCardMenu({ nodeId, at });
    },
    [flowStore],
  );
  const closeCardMenu = useCallback(() => setCardMenu(null), []);
  const menuNode = cardMenu && nodeData.find((node) => node._id === cardMenu.nodeId);
  const zoom = defaultZoom(device);
  const minimap = minimapSize(device.touch);
  const minimapHeight = minimap.height;
  // The first view is the one the creator left the canvas at, else every node in view (as the Fit View
  // button shows it) at most at the spec's default zoom (0.8 on desktop, the touch values on tablets and
  // phones). Set here rather than by React Flow's fitView, which waits until every node is measured, and
  // a node out of view is never drawn to be measured: the estimated sizes count until then.
  const flow = useCanvasView();
  // A right-click on a card opens its node menu (the same as its glyph); on a node drawn in full, the
  // browser's own (a field's copy and paste).
  const onNodeContextMenu = useCallback(
    (event: MouseEvent, node: CanvasNode) => {
      if (!drawnAsCards(flowStore.getState().transform[2], device.touch)) return;
      event.preventDefault();
      openCardMenu(node.id, { x: event.clientX, y: event.clientY });
    },
    [device.touch, flowStore, openCardMenu],
  );
  const [saved] = useState(() => savedViewport(movieId));
  const shownNow = useCallback(() => {
    const all = store.getSnapshot().nodes;
    return showHidden ? all : all.filter((node) => !node.data.node.hidden);
  }, [store, showHidden]);
  const [fit] = useState(keptFit);
  /** The whole graph, drawn or not, in the clear area of a canvas of `size`. */
  const fittedIn = useCallback(
    (size: { width: number; height: number }) => {
      const shown = shownNow();
      if (shown.length === 0) return null;
      return fit(
        shown.map((node) => getNodesBounds([node])),
        size,
        clearInsets(minimapHeight),
        zoom,
      );
    },
    [fit, minimapHeight, shownNow, zoom],
  );
  const fitted = useCallback(() => {
    const { width, height } = flowStore.getState();
    return fittedIn({ width, height });
  }, [flowStore, fittedIn]);
  // React Flow starts on the first view itself (the canvas element's size is known before it mounts):
  // drawing another view first, then the fitted one, would draw and measure the nodes twice.
  const [firstView] = useState(() => saved ?? fittedIn(canvasSize()));
  const opened = useRef<Viewport | null>(firstView);
  const openOn = useCallback(() => {
    const view = fitted();
    if (!view) return;
    opened.current = view;
    // Measured as estimated, the nodes fit the view they opened on: setting it again would go through
    // every node and edge in React Flow's store for nothing.
    if (!sameViewport(view, flow.getViewport())) flow.setViewport(view);
  }, [fitted, flow]);
  const onInit = useCallback(() => {
    if (!opened.current) openOn();
  }, [openOn]);
  // Once the nodes in view are drawn and measured, the edges join them (see NO_EDGES), and the first fit,
  // reckoned with estimated sizes, is made again with the real ones (only while the view is still the
  // first one, not one the creator left).
  const [measured, setMeasured] = useState(false);
  const onMeasured = useCallback(() => {
    setMeasured(true);
    if (saved === null && opened.current && sameViewport(opened.current, flow.getViewport())) openOn();
  }, [flow, openOn, saved]);
  const fitAll = useCallback(() => {
    const view = fitted();
    if (view) flow.setViewport(view);
  }, [fitted, flow]);
  // Any move away from the first view is the creator's (a pan, a zoom, the buttons, the minimap): the
  // next visit opens where they left it.
  const onMoveEnd = useCallback(
    (_event: unknown, view: Viewport) => {
      if (!opened.current || !sameViewport(opened.current, view)) saveViewport(movieId, view);
    },
    [movieId],
  );
  const viewport = useMemo(() => firstView ?? { x: 0, y: 0, zoom }, [firstView, zoom]);
  const minimapStyle = useMemo(
    () => ({ width: minimap.width, height: minimap.height }),
    [minimap.width, minimap.height],
  );
  return (
    <FarZoomContext.Provider value={far}>
      <CardStatesContext.Provider value={cards}>
        <CardMenuContext.Provider value={openCardMenu}>
          <ReactFlow<CanvasNode, CanvasEdge>
            // The canvas never scrolls: React Flow undoes a scroll of its wrapper (a focus or a scroll into
            // view near its edge) only at the next scroll event, and a click meanwhile lands beside its
            // target, on a loaded machine up to a frame or more later. `clip` refuses the scroll outright.
            // Zoomed out past reading, its edges and nodes are each painted as one group (canvas-far, see
            // canvas.css).
            className={far ? 'overflow-clip! canvas-far' : 'overflow-clip!'}
            nodes={shownNodes}
            edges={measured ? shownEdges : NO_EDGES}
            nodeTypes={NODE_TYPES}
            onNodesChange={onNodesChange}
            onEdgesChange={graph.onEdgesChange}
            onConnect={onConnect}
            isValidConnection={isValidConnection}
            onNodeDragStop={onNodeDragStop}
            onEdgeClick={onEdgeClick}
            onPaneClick={handlePaneClick}
            onPaneContextMenu={onPaneContextMenu}
            onNodeContextMenu={onNodeContextMenu}
            defaultViewport={viewport}
            minZoom={CANVAS_SETTINGS.minZoom}
            maxZoom={CANVAS_SETTINGS.maxZoom}
            onInit={onInit}
            onMoveEnd={onMoveEnd}
            onlyRenderVisibleElements
            snapToGrid
            snapGrid={CANVAS_SETTINGS.snapGrid}
            deleteKeyCode={null}
            disableKeyboardA11y
            colorMode="dark"
            proOptions={PRO_OPTIONS}
          >
            {/* Zoomed out past reading, the grid's dots are under a fifth of a pixel wide: hardly seen, yet
            the whole pattern was drawn again at every step of a pan. */}
            {!far && (
              <Background variant={BackgroundVariant.Dots} gap={CANVAS_SETTINGS.snapGrid[0]} size={1} />
            )}
            <Controls showInteractive={false} showFitView={false} position="bottom-right">
              <ControlButton
                onClick={fitAll}
                title="Fit View"
                aria-label="Fit View"
                className="react-flow__controls-fitview"
              >
                <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 30" aria-hidden="true">
                  <path d="M3.692 4.63c0-.53.4-.938.939-.938h5.215V0H4.708C2.13 0 0 2.054 0 4.63v5.216h3.692V4.631zM27.354 0h-5.2v3.692h5.17c.53 0 .984.4.984.939v5.215H32V4.631A4.624 4.624 0 0027.354 0zm.954 24.83c0 .532-.4.94-.939.94h-5.215v3.768h5.215c2.577 0 4.631-2.13 4.631-4.707v-5.139h-3.692v5.139zm-23.677.94c-.531 0-.939-.4-.939-.94v-5.138H0v5.139c0 2.577 2.13 4.707 4.708 4.707h5.138V25.77H4.631z" />
                </svg>
              </ControlButton>
            </Controls>
            <CanvasMinimap size={minimapStyle} />
            {!measured && <OnNodesMeasured onMeasured={onMeasured} />}
          </ReactFlow>
          {menuNode && <CardMenu node={menuNode} at={cardMenu.at} onClose={closeCardMenu} />}
        </CardMenuContext.Provider>
      </CardStatesContext.Provider>
    </FarZoomContext.Provider>
  );
}

/**
 * Calls onMeasured when every node in view has been measured (nodesInViewMeasured), before the browser
 * paints (a layout effect: the edges it brings are in the first view drawn). Mounted only until then:
 * its check goes through every node at each change of React Flow's store, and a drag or a pan changes it
 * several times a frame.
 */
function OnNodesMeasured({ onMeasured }: { onMeasured(): void }) {
  const measured = useStore(nodesInViewMeasured);
  useLayoutEffect(() => {
    if (measured) onMeasured();
  }, [measured, onMeasured]);
  return null;
}
