import type { InputSpec, NodeDefinition, ObjectInfo } from './node-catalog';
import { defineNode, type NodeShape } from './node-definition';

// The input and output nodes of ComfyDeploy (BennyKok/comfyui-deploy, comfy-nodes/) and comfy-pack
// (bentoml/comfy-pack, nodes/nodes.py) as those packs declare them, so a workflow built with them converts
// here exactly as on a worker with the packs installed (widgets_values map to inputs by this order).

const line = (fallback: string): InputSpec => ['STRING', { multiline: false, default: fallback }];
const lines = (fallback: string): InputSpec => ['STRING', { multiline: true, default: fallback }];
const link = (type: string): InputSpec => [type];
/** Python's `sys.maxsize` (2^63 - 1) as JSON numbers read in JavaScript. */
const MAXSIZE = 2 ** 63;
/** VHS's limits: the largest exact double and the largest frame side. */
const BIGMAX = 2 ** 53 - 1;
const DIMMAX = 8192;
const HIDDEN_PNG_INFO = { prompt: 'PROMPT', extra_pnginfo: 'EXTRA_PNGINFO' };

const deploy = (name: string, shape: Omit<NodeShape, 'category' | 'module'>): [string, NodeDefinition] => [
  name,
  defineNode(name, { category: '🔗ComfyDeploy', module: 'custom_nodes.comfyui-deploy', ...shape }),
];

/** The label and help every ComfyDeploy input carries after its value. */
const labels = (description: 'line' | 'lines') => ({
  display_name: line(''),
  description: description === 'line' ? line('') : lines(''),
});

const DEPLOY_NUMBER = { multiline: true, display: 'number', min: -2147483647, max: 2147483647 };

function deployText(name: string, display: string, output: string): [string, NodeDefinition] {
  return deploy(name, {
    display,
    required: { input_id: line('input_text') },
    optional: { default_value: lines(''), ...labels('lines') },
    output: [output],
    outputNames: ['text'],
  });
}

function deploySlider(name: string, display: string, type: 'INT' | 'FLOAT', values: number[]) {
  const [fallback, min, max] = values;
  const step = type === 'INT' ? 1 : 0.01;
  const spec = (value: number | undefined): InputSpec => [type, { ...DEPLOY_NUMBER, default: value, step }];
  return deploy(name, {
    display,
    required: { input_id: line(type === 'INT' ? 'input_number_slider_int' : 'input_number_slider') },
    optional: {
      default_value: spec(fallback),
      min_value: spec(min),
      max_value: spec(max),
      ...labels('lines'),
    },
    output: [type],
    outputNames: ['value'],
  });
}

/** ComfyDeploy's external inputs (`input_id` names the input) and outputs. */
export const COMFYDEPLOY_NODES: ObjectInfo = Object.fromEntries([
  deployText('ComfyUIDeployExternalText', 'External Text (ComfyUI Deploy)', 'STRING'),
  deployText('ComfyUIDeployExternalTextAny', 'External Text Any (ComfyUI Deploy)', '*'),
  deploy('ComfyUIDeployExternalNumber', {
    display: 'External Number (ComfyUI Deploy)',
    required: { input_id: line('input_number') },
    optional: { default_value: ['FLOAT', { ...DEPLOY_NUMBER, default: 0, step: 0.01 }], ...labels('lines') },
    output: ['FLOAT'],
    outputNames: ['value'],
  }),
  deploy('ComfyUIDeployExternalNumberInt', {
    display: 'External Number Int (ComfyUI Deploy)',
    required: { input_id: line('input_number') },
    optional: { default_value: ['INT', { ...DEPLOY_NUMBER, default: 0 }], ...labels('lines') },
    output: ['INT'],
    outputNames: ['value'],
  }),
  deploySlider(
    'ComfyUIDeployExternalNumberSlider',
    'External Number Slider (ComfyUI Deploy)',
    'FLOAT',
    [0.5, 0, 1],
  ),
  deploySlider(
    'ComfyUIDeployExternalNumberSliderInt',
    'External Number Slider Int (ComfyUI Deploy)',
    'INT',
    [1, 0, 10],
  ),
  deploy('ComfyUIDeployExternalSeed', {
    display: 'External Seed (ComfyUI Deploy)',
    // Unlike the other inputs, the seed's value and range are required and come before the labels.
    required: {
      input_id: line('input_seed'),
      default_value: ['INT', { default: -1 }],
      min_value: ['INT', { default: 1, min: 1, max: 999999999999999 }],
      max_value: ['INT', { default: 4294967295, min: 1, max: 999999999999999 }],
    },
    optional: {
      display_name: line(''),
      description: lines(
        'For default value:\n"-1" (i.e. not in range): Randomize within the min and max value range. \nin range: Fixed, always the same value\n',
      ),
    },
    output: ['INT'],
    outputNames: ['seed'],
  }),
  deploy('ComfyUIDeployExternalImage', {
    display: 'External Image (ComfyUI Deploy)',
    required: { input_id: line('input_image') },
    optional: {
      default_value: link('IMAGE'),
      ...labels('line'),
      default_value_url: ['STRING', { image_preview: true, default: '' }],
    },
    output: ['IMAGE'],
    outputNames: ['image'],
  }),
  // The alpha variant keeps its default image as a link and, as saved by ComfyDeploy's own example
  // (example_workflows/masks.json: three widgets), the label and help of the other inputs.
  deploy('ComfyUIDeployExternalImageAlpha', {
    display: 'External Image Alpha (ComfyUI Deploy)',
    required: { input_id: line('input_image') },
    optional: { default_value: link('IMAGE'), ...labels('lines') },
    output: ['IMAGE'],
    outputNames: ['image'],
  }),
  deploy('ComfyUIDeployExternalImageBatch', {
    display: 'External Image Batch (ComfyUI Deploy)',
    required: { input_id: line('input_images'), images: line('[]') },
    optional: { default_value: link('IMAGE'), ...labels('lines') },
    output: ['IMAGE'],
    outputNames: ['image'],
  }),
  deploy('ComfyUIDeployExternalVideo', {
    display: 'External Video (ComfyUI Deploy x VHS)',
    required: {
      input_id: line('input_video'),
      force_rate: ['INT', { default: 0, min: 0, max: 60, step: 1 }],
      force_size: [
        [
          'Disabled',
          'Custom Height',
          'Custom Width',
          'Custom',
          '256x?',
          '?x256',
          '256x256',
          '512x?',
          '?x512',
          '512x512',
        ],
      ],
      custom_width: ['INT', { default: 512, min: 0, max: DIMMAX, step: 8 }],
      custom_height: ['INT', { default: 512, min: 0, max: DIMMAX, step: 8 }],
      frame_load_cap: ['INT', { default: 0, min: 0, max: BIGMAX, step: 1 }],
      skip_first_frames: ['INT', { default: 0, min: 0, max: BIGMAX, step: 1 }],
      select_every_nth: ['INT', { default: 1, min: 1, max: BIGMAX, step: 1 }],
    },
    optional: {
      meta_batch: link('VHS_BatchManager'),
      vae: link('VAE'),
      // The video files of the input folder (filled in by `withInputFiles`).
      default_video: [[]],
      ...labels('lines'),
      default_value_url: ['STRING', { image_preview: true, default: '' }],
    },
    hidden: { unique_id: 'UNIQUE_ID' },
    output: ['IMAGE', 'INT', 'AUDIO', 'VHS_VIDEOINFO', 'LATENT'],
    outputNames: ['IMAGE', 'frame_count', 'audio', 'video_info', 'LATENT'],
  }),
  // The older path-only video input: it hands the video's file path on.
  deploy('ComfyUIDeployExternalVid', {
    display: 'External Video (ComfyUI Deploy) path',
    required: { input_id: line('input_video') },
    optional: { meta_batch: link('VHS_BatchManager'), default_value: [[]] },
    output: ['STRING'],
    outputNames: ['video'],
  }),
  deploy('ComfyUIDeployExternalAudio', {
    display: 'External Audio (ComfyUI Deploy)',
    required: { input_id: line('input_audio'), audio_file: ['STRING', { default: '' }] },
    optional: { default_value: link('AUDIO'), ...labels('line') },
    output: ['AUDIO'],
    outputNames: ['audio'],
  }),
  deploy('ComfyUIDeployExternalLora', {
    display: 'External Lora (ComfyUI Deploy)',
    required: { input_id: line('input_lora') },
    optional: {
      // The worker's LoRA files; the preview worker has none.
      default_lora_name: [[]],
      lora_save_name: line(''),
      ...labels('lines'),
      lora_url: line(''),
      bearer_token: line(''),
    },
    output: ['*'],
    outputNames: ['path'],
  }),
  deploy('ComfyDeployOutputImage', {
    display: 'Image Output (ComfyDeploy)',
    description: 'Saves the input images to your ComfyUI output directory.',
    required: {
      images: ['IMAGE', { tooltip: 'The images to save.' }],
      filename_prefix: [
        'STRING',
        {
          default: 'ComfyUI',
          tooltip:
            'The prefix for the file to save. This may include formatting information such as %date:yyyy-MM-dd% or %Empty Latent Image.width% to include values from nodes.',
        },
      ],
      file_type: [['png', 'jpg', 'webp'], { default: 'webp' }],
      quality: ['INT', { default: 80, min: 1, max: 100, step: 1 }],
    },
    optional: { output_id: line('output_images') },
    hidden: HIDDEN_PNG_INFO,
    outputNode: true,
  }),
  deploy('ComfyDeployOutputText', {
    display: 'Text Output (ComfyDeploy)',
    description: 'Saves the input text to your ComfyUI output directory.',
    required: {
      text: ['STRING', { multiline: true, forceInput: true, tooltip: 'The text to save.' }],
      filename_prefix: [
        'STRING',
        {
          default: 'ComfyUI',
          tooltip:
            'The prefix for the file to save. This may include formatting information such as %date:yyyy-MM-dd% to include values from nodes.',
        },
      ],
      file_type: [['txt', 'json', 'md'], { default: 'txt' }],
    },
    optional: { output_id: line('output_text') },
    hidden: HIDDEN_PNG_INFO,
    outputNode: true,
  }),
  deploy('ComfyDeployOutputFile', {
    display: 'File Output (ComfyDeploy)',
    description: 'Outputs any file by path for upload to ComfyDeploy.',
    required: {
      file_path: ['STRING', { forceInput: true, tooltip: 'Path to the file to output and upload.' }],
    },
    optional: { output_id: line('output_file') },
    outputNode: true,
  }),
  deploy('ComfyDeployOutputEXR', {
    display: 'EXR Output (ComfyDeploy)',
    description: 'Saves the input images as EXR files to your ComfyUI output directory.',
    required: {
      images: ['IMAGE', { tooltip: 'The images to save.' }],
      filename_prefix: ['STRING', { default: 'ComfyUI', tooltip: 'The prefix for the file to save.' }],
      tonemap: [['linear', 'sRGB', 'Reinhard'], { default: 'sRGB' }],
    },
    optional: { upload_url: line(''), output_id: line('output_exr') },
    outputNode: true,
  }),
  deploy('ComfyDeployOutputEXRFrames', {
    display: 'EXR Frames Output (ComfyDeploy)',
    description: 'Saves the input image sequence as EXR files to a specified path.',
    required: {
      images: link('IMAGE'),
      filepath_pattern: ['STRING', { default: 'path/to/frame%04d.exr' }],
      tonemap: [['linear', 'sRGB', 'Reinhard'], { default: 'sRGB' }],
      start_frame: ['INT', { default: 1, min: 0 }],
    },
    optional: { output_id: line('output_exr_frames') },
    outputNode: true,
  }),
]);

const cpack = (name: string, shape: Omit<NodeShape, 'module'>): [string, NodeDefinition] => [
  name,
  defineNode(name, { module: 'custom_nodes.comfy-pack', ...shape }),
];
const cpackPrefix: InputSpec = ['STRING', { default: 'cpack_output_' }];

/** comfy-pack's inputs (the node title names the input) and outputs. */
export const COMFYPACK_NODES: ObjectInfo = Object.fromEntries([
  cpack('CPackOutputFile', {
    display: 'File Output',
    category: 'ComfyPack/output',
    description: 'Save the input data for comfy-pack output',
    required: { filename: ['STRING', { default: '', forceInput: true }], filename_prefix: cpackPrefix },
    outputNode: true,
  }),
  cpack('CPackOutputImage', {
    display: 'Image Output',
    category: 'ComfyPack/output',
    description: 'Saves the input images to your ComfyUI output directory.',
    required: { images: ['IMAGE', { tooltip: 'The images to save.' }], filename_prefix: cpackPrefix },
    hidden: HIDDEN_PNG_INFO,
    outputNode: true,
  }),
  cpack('CPackOutputAudio', {
    display: 'Audio Output',
    category: 'ComfyPack/output',
    required: { audio: link('AUDIO'), filename_prefix: cpackPrefix },
    hidden: HIDDEN_PNG_INFO,
    outputNode: true,
  }),
  cpack('CPackOutputZip', {
    display: 'Zip Output(img + txt file)',
    category: 'ComfyPack/output',
    description: 'Saves the input images (and optional text) to your ComfyUI output directory.',
    required: {
      images: ['IMAGE', { tooltip: 'The images to save.' }],
      filename_prefix: cpackPrefix,
      text: ['STRING', { default: '' }],
    },
    hidden: HIDDEN_PNG_INFO,
    outputNode: true,
  }),
  cpack('CPackInputImage', {
    display: 'Image Input',
    category: 'ComfyPack/input',
    // The files of the input folder (filled in by `withInputFiles`), as LoadImage lists them.
    required: { image: [[], { image_upload: true }] },
    output: ['IMAGE', 'MASK'],
  }),
  cpack('CPackInputString', {
    display: 'String Input',
    category: 'ComfyPack/input',
    required: { value: ['STRING', { default: '' }] },
    output: ['STRING'],
    outputNames: ['value'],
  }),
  cpack('CPackInputInt', {
    display: 'Int Input',
    category: 'ComfyPack/input',
    required: { value: ['INT', { default: 0 }] },
    optional: { min: ['INT', { default: -MAXSIZE }], max: ['INT', { default: MAXSIZE }] },
    output: ['INT'],
    outputNames: ['value'],
  }),
  cpack('CPackInputFile', {
    display: 'File Input',
    category: 'ComfyPack/input',
    required: { path: ['STRING', { default: '' }] },
    output: ['*'],
    outputNames: ['path'],
  }),
  cpack('CPackInputAny', {
    display: 'Any Input',
    category: 'ComfyPack/input',
    required: { input: ['*', { default: '' }] },
    output: ['*'],
  }),
]);

/** The third-party input/output node packs Cinegraph reads workflows of, for compatibility. */
export const COMPAT_NODES: ObjectInfo = { ...COMFYDEPLOY_NODES, ...COMFYPACK_NODES };
