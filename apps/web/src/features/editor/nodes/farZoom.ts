import { createContext } from 'react';
import type { CardState } from '../logic/farNodes';

/**
 * True while the canvas is zoomed out past reading on a desktop (see EditorCanvas): its nodes are
 * drawn as cards (FarNode). False elsewhere (the tutorials' demo canvases).
 */
export const FarZoomContext = createContext(false);

/** The cards' states by node id (see cardStates), read by the cards alone. */
export const CardStatesContext = createContext<ReadonlyMap<string, CardState>>(new Map());
