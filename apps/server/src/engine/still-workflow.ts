/**
 * A workflow the preview worker runs (tests and benchmarks): a text prompt and a size in, a still
 * image out. Its handles are `input-1` (text) and `input-2` (vector2).
 */
export const STILL_WORKFLOW = {
  '1': { class_type: 'CinegraphInputText', inputs: { name: 'Prompt', default: '' } },
  '2': { class_type: 'CinegraphInputVector2', inputs: { name: 'Size', default: '64,64' } },
  '3': {
    class_type: 'EmptyImage',
    inputs: { width: ['2', 0], height: ['2', 1], batch_size: 1, color: 0 },
  },
  '4': { class_type: 'CinegraphOutput', inputs: { name: 'still', images: ['3', 0] } },
};
