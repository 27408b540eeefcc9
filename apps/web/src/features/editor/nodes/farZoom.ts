import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import { createCardStates, type CardStates } from '../logic/cardStates';
import type { CardState } from '../logic/farNodes';

/**
 * True while the canvas is zoomed out past reading on a desktop (see EditorCanvas): its nodes are
 * drawn as cards (FarNode). False elsewhere (the tutorials' demo canvases).
 */
export const FarZoomContext = createContext(false);

/** The cards' states (see createCardStates): the same object for the canvas's life. */
export const CardStatesContext = createContext<CardStates>(createCardStates());

/** A card's state, followed alone: the card redraws when its own node's state changes, not another's. */
export function useCardState(nodeId: string): CardState | null {
  const states = useContext(CardStatesContext);
  const subscribe = useCallback(
    (listener: () => void) => states.subscribe(nodeId, listener),
    [states, nodeId],
  );
  return useSyncExternalStore(subscribe, () => states.get(nodeId));
}

/**
 * Opens a card's node menu at a point of the screen (client pixels). The menu is drawn by the canvas at
 * the screen's scale: drawn in the card, it would be as small as the card's title.
 */
export const CardMenuContext = createContext<(nodeId: string, at: { x: number; y: number }) => void>(
  () => {},
);
