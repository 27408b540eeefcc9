import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevWorker, type DevWorker } from './dev-worker';
import { connectWs, getJson } from './test-support';

let worker: DevWorker;
beforeAll(async () => {
  worker = await startDevWorker({ port: 0, stepMs: 5, label: 'Test preview worker' });
});
afterAll(() => worker.close());

describe('server information', () => {
  it('lists the Cinegraph node pack and the core nodes in /object_info, under /api too', async () => {
    const info = await getJson(worker.url, '/api/object_info');
    for (const name of [
      'CinegraphInputText',
      'CinegraphInputNumber',
      'CinegraphInputVector2',
      'CinegraphInputImage',
      'CinegraphInputVideo',
      'CinegraphInputAudio',
      'CinegraphInputLora',
      'CinegraphBypass',
      'CinegraphOutput',
      'LoadImage',
      'SaveImage',
      'SaveVideo',
      'SaveAudio',
      'PreviewImage',
      'CheckpointLoaderSimple',
      'CLIPTextEncode',
      'KSampler',
      'EmptyLatentImage',
      'VAEDecode',
    ]) {
      expect(info, name).toHaveProperty(name);
    }
    const text = info.CinegraphInputText as {
      input: { required: Record<string, unknown> };
      output_node: boolean;
    };
    expect(Object.keys(text.input.required)).toEqual(['name', 'default']);
    expect((info.CinegraphOutput as { output_node: boolean }).output_node).toBe(true);
  });

  it('knows every core node class of the recorded ComfyUI 0.8.0, defined as recorded', async () => {
    const recording = path.resolve(
      import.meta.dirname,
      '../../../../shared/fixtures/comfyui-protocol/object_info-0.8.0.json',
    );
    const recorded = JSON.parse(readFileSync(recording, 'utf8')) as Record<string, { python_module: string }>;
    const info = await getJson(worker.url, '/object_info');
    const core = Object.entries(recorded).filter(
      ([, node]) => !node.python_module.startsWith('custom_nodes'),
    );
    expect(core.length).toBeGreaterThan(400);
    for (const [name, node] of core) {
      // LoadImage & co. list this worker's own input files, as the real server lists its own.
      if (name.startsWith('Load')) expect(info, name).toHaveProperty(name);
      else expect(info[name], name).toEqual(node);
    }
  });

  it('answers /object_info/{class} as recorded (listing its own input files), and {} for an unknown class', async () => {
    expect(await getJson(worker.url, '/object_info/LoadImage')).toEqual({
      LoadImage: {
        input: { required: { image: [[], { image_upload: true }] } },
        input_order: { required: ['image'] },
        output: ['IMAGE', 'MASK'],
        output_is_list: [false, false],
        output_name: ['IMAGE', 'MASK'],
        name: 'LoadImage',
        display_name: 'Load Image',
        description: '',
        python_module: 'nodes',
        category: 'image',
        output_node: false,
      },
    });
    expect(await getJson(worker.url, '/object_info/NoSuchNode')).toEqual({});
  });

  it('names its device after the label in /system_stats', async () => {
    const stats = (await getJson(worker.url, '/system_stats')) as {
      system: { comfyui_version: string };
      devices: Array<{ name: string; type: string }>;
    };
    expect(stats.system.comfyui_version).toBe('0.8.0');
    expect(stats.devices).toEqual([expect.objectContaining({ name: 'Test preview worker', type: 'cpu' })]);
    const fresh = await startDevWorker({ port: 0 });
    const defaults = (await getJson(fresh.url, '/api/system_stats')) as { devices: Array<{ name: string }> };
    expect(defaults.devices[0]!.name).toBe('Preview worker (no GPU)');
    await fresh.close();
  });

  it('answers /features like 0.8.0, also over the WebSocket after feature_flags', async () => {
    const features = {
      supports_preview_metadata: true,
      max_upload_size: 104857600,
      extension: { manager: { supports_v4: true } },
    };
    expect(await getJson(worker.url, '/features')).toEqual(features);
    const ws = await connectWs(worker.url, 'flags');
    ws.send({ type: 'feature_flags', data: { supports_preview_metadata: true } });
    expect(await ws.waitFor((m) => m.type === 'feature_flags')).toEqual({
      type: 'feature_flags',
      data: features,
    });
    ws.close();
  });

  it("answers unknown routes with aiohttp's plain 404", async () => {
    const response = await fetch(`${worker.url}/no/such/route`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toBe('404: Not Found');
  });
});
