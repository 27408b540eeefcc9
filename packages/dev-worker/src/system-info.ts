import { freemem, totalmem } from 'node:os';

/** What `GET /features` answers (ComfyUI 0.8.0's flags). */
export const FEATURES = {
  supports_preview_metadata: true,
  max_upload_size: 104_857_600,
  extension: { manager: { supports_v4: true } },
};

/** The device name a preview worker reports; the studio lists the worker under it. */
export const DEFAULT_DEVICE_LABEL = 'Preview worker (no GPU)';

/** `GET /system_stats` in ComfyUI 0.8.0's shape, with one CPU device named after the worker. */
export function systemStats(label: string, port: number, version = '0.8.0') {
  const total = totalmem();
  const free = freemem();
  return {
    system: {
      os: process.platform,
      ram_total: total,
      ram_free: free,
      comfyui_version: version,
      required_frontend_version: '1.35.9',
      installed_templates_version: null,
      required_templates_version: '0.7.67',
      python_version: `Node.js ${process.version} (Cinegraph dev worker)`,
      pytorch_version: 'none',
      embedded_python: false,
      argv: ['cinegraph-dev-worker', '--port', String(port)],
    },
    devices: [
      {
        name: label,
        type: 'cpu',
        index: null,
        vram_total: 0,
        vram_free: 0,
        torch_vram_total: 0,
        torch_vram_free: 0,
      },
    ],
  };
}

/** `GET /models`: ComfyUI's model folder names (the preview worker has no model files). */
export const MODEL_FOLDERS = [
  'checkpoints',
  'configs',
  'loras',
  'vae',
  'text_encoders',
  'diffusion_models',
  'clip_vision',
  'style_models',
  'embeddings',
  'diffusers',
  'vae_approx',
  'controlnet',
  'gligen',
  'upscale_models',
  'latent_upscale_models',
  'custom_nodes',
  'hypernetworks',
  'photomaker',
  'classifiers',
  'model_patches',
  'audio_encoders',
];
