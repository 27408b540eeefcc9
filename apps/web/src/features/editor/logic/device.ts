/** What the editor needs to know about the screen it runs on. */
export interface DeviceInfo {
  width: number;
  touch: boolean;
  userAgent: string;
}

export interface DeviceKind {
  touch: boolean;
  phone: boolean;
  tablet: boolean;
}

const MOBILE_UA = /Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile/i;

/** The spec's device rules: a phone is at most 768 px wide with touch or a mobile browser. */
export function deviceKind({ width, touch, userAgent }: DeviceInfo): DeviceKind {
  const phone = width <= 768 && (touch || MOBILE_UA.test(userAgent));
  const tablet = touch && width > 768 && width <= 1366;
  return { touch, phone, tablet };
}

/** The canvas's starting zoom: 0.8 on desktop; on touch 0.7, 0.6 up to 1024 px, 0.5 up to 768 px. */
export function defaultZoom({ width, touch }: Pick<DeviceInfo, 'width' | 'touch'>): number {
  if (!touch) return 0.8;
  if (width <= 768) return 0.5;
  if (width <= 1024) return 0.6;
  return 0.7;
}

/** The minimap's size: 200 x 120, smaller on touch screens. */
export function minimapSize(touch: boolean): { width: number; height: number } {
  return touch ? { width: 120, height: 72 } : { width: 200, height: 120 };
}

export const CANVAS_SETTINGS = {
  minZoom: 0.05,
  maxZoom: 4,
  /**
   * Below this zoom the canvas draws each node as a card (frame, kind colour, title, handles; see
   * FarNode), as painting hundreds of fields and buttons no one can read is what makes a zoomed-out
   * canvas slow to open and drag. At 0.35 a node's labels (12 px) are 4 px on screen, its title 5 px:
   * past reading. Not higher (ComfyUI's is 0.6): a new movie's graph opens at 0.47 in a 1280x720
   * window, and its first view must show the fields to fill in. Desktop only (see drawnAsCards).
   */
  detailMinZoom: 0.35,
  fitPadding: 0.5,
  snapGrid: [15, 15] as [number, number],
} as const;
