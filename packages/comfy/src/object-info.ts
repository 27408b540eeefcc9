import { z } from 'zod';

/** One input of a node definition: `[type or list of choices, options]`. */
const InputSpecSchema = z.tuple([z.union([z.string(), z.array(z.unknown())])]).rest(z.unknown());

const NodeDefinitionSchema = z.looseObject({
  input: z
    .looseObject({
      required: z.record(z.string(), InputSpecSchema).nullish(),
      optional: z.record(z.string(), InputSpecSchema).nullish(),
    })
    .nullish(),
  input_order: z
    .looseObject({ required: z.array(z.string()).nullish(), optional: z.array(z.string()).nullish() })
    .nullish(),
  output: z.array(z.union([z.string(), z.array(z.unknown())])).nullish(),
  output_node: z.boolean().nullish(),
  display_name: z.string().nullish(),
});

/** ComfyUI's `GET /object_info` answer: node class name to its definition. */
export const ObjectInfoSchema = z.record(z.string(), NodeDefinitionSchema);
export type ObjectInfo = z.infer<typeof ObjectInfoSchema>;
export type NodeDefinition = z.infer<typeof NodeDefinitionSchema>;

/** One slot of a node's `widgets_values`: a real input, or a UI-only companion that is never sent. */
export interface WidgetSlot {
  name: string;
  kind: 'value' | 'control' | 'upload';
}

const WIDGET_TYPES = new Set(['INT', 'FLOAT', 'STRING', 'BOOLEAN', 'COMBO']);
const UPLOAD_OPTIONS = ['image_upload', 'video_upload', 'audio_upload', 'animated_image_upload'];
const LEGACY_SEED_NAMES = new Set(['seed', 'noise_seed']);

type InputSpec = z.infer<typeof InputSpecSchema>;

function optionsOf(spec: InputSpec): Record<string, unknown> {
  const options = spec[1];
  return typeof options === 'object' && options !== null ? (options as Record<string, unknown>) : {};
}

/** The definition's inputs in ComfyUI's order: required then optional, each in `input_order` when given. */
export function orderedInputs(definition: NodeDefinition): Array<[string, InputSpec]> {
  const result: Array<[string, InputSpec]> = [];
  for (const group of ['required', 'optional'] as const) {
    const specs = definition.input?.[group] ?? {};
    const order = definition.input_order?.[group] ?? Object.keys(specs);
    for (const name of order) {
      const spec = specs[name];
      if (spec) result.push([name, spec]);
    }
  }
  return result;
}

/** True when the input is edited with a widget (a literal value) rather than only connected. */
export function isWidgetInput(spec: InputSpec): boolean {
  const type = spec[0];
  if (optionsOf(spec).forceInput === true) return false;
  return Array.isArray(type) || WIDGET_TYPES.has(type);
}

/**
 * The slots of `widgets_values` for a node of this definition, in order. Seed-like inputs marked
 * `control_after_generate` (or, in servers older than the flag, INT inputs named seed/noise_seed) are
 * followed by the control slot; inputs with an upload button are followed by the upload slot.
 */
export function widgetSlots(definition: NodeDefinition): WidgetSlot[] {
  const inputs = orderedInputs(definition);
  const flagged = inputs.some(([, spec]) => 'control_after_generate' in optionsOf(spec));
  const slots: WidgetSlot[] = [];
  for (const [name, spec] of inputs) {
    if (!isWidgetInput(spec)) continue;
    slots.push({ name, kind: 'value' });
    const options = optionsOf(spec);
    const control = flagged
      ? options.control_after_generate === true
      : spec[0] === 'INT' && LEGACY_SEED_NAMES.has(name);
    if (control) slots.push({ name: 'control_after_generate', kind: 'control' });
    if (UPLOAD_OPTIONS.some((option) => options[option] === true))
      slots.push({ name: 'upload', kind: 'upload' });
  }
  return slots;
}
