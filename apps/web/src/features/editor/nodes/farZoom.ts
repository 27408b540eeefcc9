import { createContext } from 'react';

/**
 * True while the canvas is zoomed out past reading on a desktop (see EditorCanvas): its nodes are
 * drawn as FarNode. False elsewhere (the tutorials' demo canvases).
 */
export const FarZoomContext = createContext(false);
