import { describe, expect, it } from 'vitest';
import { recorded } from '../test-support/recorded-exchanges';
import { HistoryEntrySchema, type HistoryEntry } from './answers';
import { collectOutputFiles, outcomeFromHistory } from './outputs';

const recordedEntry = (version: '0.8.0' | '0.3.18', title: string): HistoryEntry => {
  const answer = JSON.parse(recorded(version, title).response!) as Record<string, unknown>;
  return HistoryEntrySchema.parse(Object.values(answer)[0]);
};

describe('collectOutputFiles', () => {
  it('lists the images of a recorded history entry on both versions', () => {
    for (const version of ['0.8.0', '0.3.18'] as const) {
      const entry = recordedEntry(version, 'history/{prompt_id} (workflow 2)');
      expect(collectOutputFiles(entry)).toEqual([
        { node_id: '2', kind: 'image', filename: 'probe_empty_00001_.png', subfolder: '', type: 'output' },
        { node_id: '2', kind: 'image', filename: 'probe_empty_00002_.png', subfolder: '', type: 'output' },
      ]);
    }
  });

  it('reads VHS gifs as videos with their format, audio, and video files saved under images', () => {
    const outputs = {
      '12': { audio: [{ filename: 'voice_00001_.flac', subfolder: 'audio', type: 'output' }] },
      '3': {
        gifs: [
          {
            filename: 'AnimateDiff_00001.mp4',
            subfolder: '',
            type: 'output',
            format: 'video/h264-mp4',
            frame_rate: 8,
          },
        ],
      },
      '9': {
        images: [{ filename: 'clip_00001_.webm', subfolder: 'video', type: 'output' }],
        animated: [true],
      },
      '10': { text: ['a caption'] },
    };
    expect(collectOutputFiles({ outputs })).toEqual([
      {
        node_id: '3',
        kind: 'video',
        filename: 'AnimateDiff_00001.mp4',
        subfolder: '',
        type: 'output',
        format: 'video/h264-mp4',
        frame_rate: 8,
      },
      { node_id: '9', kind: 'video', filename: 'clip_00001_.webm', subfolder: 'video', type: 'output' },
      { node_id: '12', kind: 'audio', filename: 'voice_00001_.flac', subfolder: 'audio', type: 'output' },
    ]);
  });
});

describe('outcomeFromHistory', () => {
  it('gives success with the outputs of a recorded successful run', () => {
    const entry = recordedEntry('0.8.0', 'history/{prompt_id} (workflow 1)');
    expect(outcomeFromHistory(entry)).toEqual({
      status: 'success',
      outputs: { '4': { images: [{ filename: 'inv_00001_.png', subfolder: 'probe', type: 'output' }] } },
      history: entry,
    });
  });

  it("gives failed with the node's exception message for status error", () => {
    // Shape as recorded from 0.8.0 (the traceback is shortened).
    const entry = HistoryEntrySchema.parse({
      outputs: {},
      status: {
        status_str: 'error',
        completed: false,
        messages: [
          ['execution_start', { prompt_id: 'p', timestamp: 1 }],
          [
            'execution_error',
            {
              prompt_id: 'p',
              node_id: '2',
              node_type: 'ImageToMask',
              executed: ['1'],
              exception_message: 'index 3 is out of bounds for dimension 3 with size 3\n',
              exception_type: 'IndexError',
              traceback: ['  File "execution.py"'],
            },
          ],
        ],
      },
    });
    expect(outcomeFromHistory(entry)).toEqual({
      status: 'failed',
      message: 'index 3 is out of bounds for dimension 3 with size 3',
      nodeId: '2',
      nodeType: 'ImageToMask',
    });
  });

  it('gives interrupted when the kept messages end with execution_interrupted', () => {
    const entry = HistoryEntrySchema.parse({
      outputs: {},
      status: {
        status_str: 'error',
        completed: false,
        messages: [['execution_interrupted', { prompt_id: 'p', node_id: '4', node_type: 'ImageBlur' }]],
      },
    });
    expect(outcomeFromHistory(entry)).toEqual({ status: 'interrupted' });
  });
});
