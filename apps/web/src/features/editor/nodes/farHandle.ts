/** The frame's border (NodeFrame's `border`): a handle inside the frame is placed from inside it. */
export const FRAME_BORDER_PX = 1;

/**
 * A card's handle dot (FarNode): HANDLE_SIZE_PX square, no border, placed by its top left corner
 * (React Flow's own rules centre it on the node's side), as a class rather than in every handle's
 * inline style: a fitted view draws hundreds of cards at once. Important: React Flow's stylesheet is
 * not in a layer and would win over the utilities' layer otherwise.
 */
export const FAR_HANDLE = 'right-auto! size-[8px]! min-h-[8px]! min-w-[8px]! transform-none! border-none!';
