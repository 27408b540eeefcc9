/** A shot of the storyboard demo, with the detail inputs the tutorial shows. */
export interface DemoShot {
  id: string;
  text: string;
  prompt: string;
  /** [width, height] */
  resolution: [number, number];
  /** The reference image's address ('' for none). */
  image: string;
  /** A LoRA: its trigger name, weight, and the file it comes from. */
  style: { name: string; weight: number; url: string };
  /** Hidden like a studio shot: shown faded, left out of generation. */
  hidden: boolean;
}

export const MAX_DEMO_SHOTS = 4;
export const DEFAULT_DEMO_RESOLUTION: [number, number] = [512, 512];
export const DEFAULT_DEMO_STYLE = {
  name: 'cinematic',
  weight: 0.7,
  url: 'https://example.com/loras/cinematic.safetensors',
} as const;

export function newDemoShot(id: string): DemoShot {
  return {
    id,
    text: '',
    prompt: '',
    resolution: [...DEFAULT_DEMO_RESOLUTION],
    image: '',
    style: { ...DEFAULT_DEMO_STYLE },
    hidden: false,
  };
}

export function canAddShot(shots: readonly DemoShot[]): boolean {
  return shots.length < MAX_DEMO_SHOTS;
}

/** The shots with a new blank one at the end; unchanged at the limit of 4. */
export function addDemoShot(shots: readonly DemoShot[], id: string): DemoShot[] {
  return canAddShot(shots) ? [...shots, newDemoShot(id)] : [...shots];
}

export function updateDemoShot(shots: readonly DemoShot[], id: string, patch: Partial<DemoShot>): DemoShot[] {
  return shots.map((shot) => (shot.id === id ? { ...shot, ...patch } : shot));
}

/**
 * The shots without `id`, and the one selected next. In the demo, deleting the selected shot selects
 * the first remaining one (or none); deleting another keeps the selection.
 */
export function deleteDemoShot(
  shots: readonly DemoShot[],
  id: string,
  selected: string | null,
): { shots: DemoShot[]; selected: string | null } {
  const remaining = shots.filter((shot) => shot.id !== id);
  const keep = selected !== id && remaining.some((shot) => shot.id === selected);
  return { shots: remaining, selected: keep ? selected : (remaining[0]?.id ?? null) };
}

/** The style as the studio's LoRA editor reads it (keyword, file, strength). */
export function styleAsLora(style: DemoShot['style']): { keyword: string; url: string; strength: number } {
  return { keyword: style.name, url: style.url, strength: style.weight };
}

export function loraAsStyle(lora: { keyword: string; url: string; strength: number }): DemoShot['style'] {
  return { name: lora.keyword, weight: lora.strength, url: lora.url };
}
