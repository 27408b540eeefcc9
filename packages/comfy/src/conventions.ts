import type { HandleType } from '@cinegraph/contracts';

/** The data types a workflow's input and output handles carry. */
export type WorkflowHandleType = Extract<
  HandleType,
  'text' | 'number' | 'vector2' | 'image' | 'video' | 'audio' | 'lora'
>;

/** Which family of input/output nodes a handle was found through. */
export type HandleConvention = 'cinegraph' | 'comfydeploy' | 'comfypack' | 'comfyui';

/** How to read one input node class: its handle type, widget order in the UI format, and its fields. */
export interface InputNodeConvention {
  convention: Exclude<HandleConvention, 'comfyui'>;
  type: WorkflowHandleType;
  /** Widget names in `widgets_values` order (the UI format stores values without names). */
  widgets: readonly string[];
  /** The input that names the handle; when absent (comfy-pack) the node's title does. */
  nameField?: string;
  /** Optional fields holding a friendlier label and the tooltip. */
  labelField?: string;
  tooltipField?: string;
  /** The input Cinegraph fills with the value when it runs the workflow. */
  valueField: string;
  /** Where the node keeps its default value, when not in `valueField`. */
  defaultField?: string;
}

const cinegraph = (type: WorkflowHandleType): InputNodeConvention => ({
  convention: 'cinegraph',
  type,
  widgets: ['name', 'default', 'tooltip'],
  nameField: 'name',
  tooltipField: 'tooltip',
  valueField: 'default',
});

// ComfyDeploy's literal inputs keep the value in `default_value`; its media and LoRA nodes load what
// `input_id` holds (a URL or file name), which is also what ComfyDeploy itself fills.
const deployLiteral = (type: WorkflowHandleType): InputNodeConvention => ({
  convention: 'comfydeploy',
  type,
  widgets: ['input_id', 'default_value', 'display_name', 'description'],
  nameField: 'input_id',
  labelField: 'display_name',
  tooltipField: 'description',
  valueField: 'default_value',
});
/** A literal input whose range comes between its value and its labels (the sliders, the seed). */
const deployRanged = (type: WorkflowHandleType): InputNodeConvention => ({
  ...deployLiteral(type),
  widgets: ['input_id', 'default_value', 'min_value', 'max_value', 'display_name', 'description'],
});
const deployMedia = (
  type: WorkflowHandleType,
  widgets: readonly string[] = ['input_id', 'display_name', 'description', 'default_value_url'],
): InputNodeConvention => ({
  convention: 'comfydeploy',
  type,
  widgets,
  nameField: 'input_id',
  labelField: 'display_name',
  tooltipField: 'description',
  valueField: 'input_id',
  defaultField: 'default_value_url',
});
const cpack = (type: WorkflowHandleType, widgets: readonly string[]): InputNodeConvention => ({
  convention: 'comfypack',
  type,
  widgets,
  valueField: widgets[0]!,
});

/** Input node classes Cinegraph turns into input handles. */
export const INPUT_NODES: ReadonlyMap<string, InputNodeConvention> = new Map([
  ['CinegraphInputText', cinegraph('text')],
  ['CinegraphInputNumber', cinegraph('number')],
  ['CinegraphInputVector2', cinegraph('vector2')],
  ['CinegraphInputImage', cinegraph('image')],
  ['CinegraphInputVideo', cinegraph('video')],
  ['CinegraphInputAudio', cinegraph('audio')],
  // The LoRA input also has a strength widget (it applies the LoRA itself when given a model).
  ['CinegraphInputLora', { ...cinegraph('lora'), widgets: ['name', 'default', 'strength', 'tooltip'] }],
  ['ComfyUIDeployExternalText', deployLiteral('text')],
  ['ComfyUIDeployExternalTextAny', deployLiteral('text')],
  ['ComfyUIDeployExternalNumber', deployLiteral('number')],
  ['ComfyUIDeployExternalNumberInt', deployLiteral('number')],
  ['ComfyUIDeployExternalNumberSlider', deployRanged('number')],
  ['ComfyUIDeployExternalNumberSliderInt', deployRanged('number')],
  ['ComfyUIDeployExternalSeed', deployRanged('number')],
  ['ComfyUIDeployExternalImage', deployMedia('image')],
  ['ComfyUIDeployExternalImageAlpha', deployMedia('image', ['input_id', 'display_name', 'description'])],
  [
    'ComfyUIDeployExternalImageBatch',
    deployMedia('image', ['input_id', 'images', 'display_name', 'description']),
  ],
  [
    'ComfyUIDeployExternalVideo',
    deployMedia('video', [
      'input_id',
      'force_rate',
      'force_size',
      'custom_width',
      'custom_height',
      'frame_load_cap',
      'skip_first_frames',
      'select_every_nth',
      'default_video',
      'display_name',
      'description',
      'default_value_url',
    ]),
  ],
  ['ComfyUIDeployExternalVid', deployMedia('video', ['input_id', 'default_value'])],
  [
    'ComfyUIDeployExternalAudio',
    deployMedia('audio', ['input_id', 'audio_file', 'display_name', 'description']),
  ],
  [
    'ComfyUIDeployExternalLora',
    {
      ...deployMedia('lora', [
        'input_id',
        'default_lora_name',
        'lora_save_name',
        'display_name',
        'description',
        'lora_url',
        'bearer_token',
      ]),
      defaultField: 'default_lora_name',
    },
  ],
  ['CPackInputString', cpack('text', ['value'])],
  ['CPackInputInt', cpack('number', ['value', 'min', 'max'])],
  ['CPackInputImage', cpack('image', ['image', 'upload'])],
]);

/** Cinegraph's control node: a switch that bypasses part of the workflow (work in progress). */
export const CONTROL_NODES: ReadonlyMap<string, InputNodeConvention> = new Map([
  ['CinegraphBypass', { ...cinegraph('number'), widgets: ['name', 'default', 'tooltip'] }],
]);

/** ComfyUI's own saving nodes, which count as outputs when a workflow has no dedicated output node. */
export const SAVE_NODES: ReadonlyMap<string, WorkflowHandleType> = new Map([
  ['SaveImage', 'image'],
  ['SaveVideo', 'video'],
  ['SaveWEBM', 'video'],
  ['SaveAnimatedWEBP', 'video'],
  ['SaveAnimatedPNG', 'video'],
  ['SaveAudio', 'audio'],
  ['SaveAudioMP3', 'audio'],
  ['SaveAudioOpus', 'audio'],
  ['VHS_VideoCombine', 'video'],
]);

/** Output node families by class-name prefix; the type follows from the class suffix or what is connected. */
export const OUTPUT_PREFIXES: ReadonlyArray<[string, Exclude<HandleConvention, 'comfyui'>]> = [
  ['CinegraphOutput', 'cinegraph'],
  ['ComfyDeployOutput', 'comfydeploy'],
  ['CPackOutput', 'comfypack'],
];

/** Guesses a handle type from a class-name suffix or an input name/type ('images', 'VIDEO', ...). */
export function mediaTypeOf(word: string): WorkflowHandleType | undefined {
  const lower = word.toLowerCase();
  if (lower.includes('video')) return 'video';
  if (lower.includes('audio')) return 'audio';
  if (lower.includes('image')) return 'image';
  if (lower.includes('text') || lower.includes('string')) return 'text';
  return undefined;
}
