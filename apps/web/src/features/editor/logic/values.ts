import type { HandleType } from '@cinegraph/contracts';

/** The data types a primitive input can hold (the picker's choices). */
export const PRIMITIVE_VALUE_TYPES = [
  'text',
  'number',
  'vector2',
  'image',
  'video',
  'audio',
  'lora',
] as const;
export type PrimitiveValueType = (typeof PRIMITIVE_VALUE_TYPES)[number];

export const NUMBER_DEFAULTS = { min: 0, max: 600 } as const;
export const LORA_STRENGTH = { min: 0, max: 2, step: 0.01, default: 1 } as const;

export interface LoraValue {
  keyword: string;
  url: string;
  strength: number;
}

export function isPrimitiveValueType(type: HandleType): type is PrimitiveValueType {
  return (PRIMITIVE_VALUE_TYPES as readonly string[]).includes(type);
}

/** The value a fresh input of this type starts with. */
export function defaultValueFor(type: PrimitiveValueType): unknown {
  switch (type) {
    case 'number':
      return 0;
    case 'vector2':
      return [0, 0];
    case 'lora':
      return { keyword: '', url: '', strength: LORA_STRENGTH.default };
    default:
      return '';
  }
}

/**
 * A number field's value when it loses focus: clamped to [min, max]; anything that is not a number
 * brings back the previous value.
 */
export function clampNumberInput(
  raw: string,
  previous: number,
  min: number = NUMBER_DEFAULTS.min,
  max: number = NUMBER_DEFAULTS.max,
): number {
  const trimmed = raw.trim();
  const parsed = trimmed === '' ? Number.NaN : Number(trimmed);
  if (!Number.isFinite(parsed)) return previous;
  return Math.min(max, Math.max(min, parsed));
}

export function asNumber(value: unknown, fallback = 0): number {
  const parsed = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(parsed) ? parsed : fallback;
}

export function asText(value: unknown): string {
  return typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value);
}

/** A vector2 value as [width, height]; anything else reads as [0, 0]. */
export function asVector2(value: unknown): [number, number] {
  if (Array.isArray(value)) return [asNumber(value[0]), asNumber(value[1])];
  return [0, 0];
}

/** A LoRA value with every field present; strength within 0 to 2 (default 1). */
export function asLora(value: unknown): LoraValue {
  const source = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const strength = asNumber(source.strength, LORA_STRENGTH.default);
  return {
    keyword: asText(source.keyword),
    url: asText(source.url),
    strength: Math.min(LORA_STRENGTH.max, Math.max(LORA_STRENGTH.min, strength)),
  };
}

/** A LoRA is configured when both its keyword and its url are filled in. */
export function loraConfigured(value: LoraValue): boolean {
  return value.keyword.trim() !== '' && value.url.trim() !== '';
}
