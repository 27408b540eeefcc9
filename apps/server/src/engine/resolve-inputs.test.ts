import { describe, expect, it } from 'vitest';
import { missingShotInputs, resolveShotInputs, shotInputsValid } from './resolve-inputs';
import type { InputTake } from './shot-graph';
import { addText, context, edge, primitive, promptNode, value, workflow } from './resolve-test-graph';

describe('resolveShotInputs', () => {
  it('reads movie, scene and shot inputs at their own level', () => {
    const ctx = context(
      [
        primitive('style', 'movie', 'text', 'node default'),
        primitive('location', 'scene', 'text'),
        primitive('action', 'shot', 'text'),
        primitive('size', 'movie', 'vector2', [512, 512]),
        workflow('wf', [
          ['style', 'text'],
          ['location', 'text'],
          ['action', 'text'],
          ['size', 'vector2'],
        ]),
      ],
      [
        edge('style', 'output', 'wf', 'style'),
        edge('location', 'output', 'wf', 'location'),
        edge('action', 'output', 'wf', 'action'),
        edge('size', 'output', 'wf', 'size'),
      ],
      {
        movieInputs: [{ node_id: 'style', value: 'noir' }],
        scene: { inputs: [value('location', 'a harbour')] },
        shot: { description: 'x', inputs: [value('action', 'Mara runs')] },
      },
    );
    expect(resolveShotInputs(ctx, 'wf')).toEqual({
      style: { type: 'text', value: 'noir', name: 'style name' },
      location: { type: 'text', value: 'a harbour', name: 'location name' },
      action: { type: 'text', value: 'Mara runs', name: 'action name' },
      size: { type: 'vector2', value: [512, 512], name: 'size name' },
    });
  });

  it("falls back to the movie primitive's own value when the movie has no input for it", () => {
    const ctx = context(
      [primitive('style', 'movie', 'text', 'node default'), workflow('wf', [['style', 'text']])],
      [edge('style', 'output', 'wf', 'style')],
    );
    expect(resolveShotInputs(ctx, 'wf').style).toMatchObject({ value: 'node default' });
  });

  it('gives the values of every character named in the description, case-insensitive, as a list', () => {
    const characters = [
      { name: 'Mara', inputs: [value('face', 'mara.png')] },
      { name: 'Jon', inputs: [value('face', 'jon.png')] },
      { name: 'Al', inputs: [value('face', 'al.png')] },
    ];
    const nodes = [primitive('face', 'character', 'image'), workflow('wf', [['face', 'image']])];
    const edges = [edge('face', 'output', 'wf', 'face')];
    const both = context(nodes, edges, {
      characters,
      shot: { description: 'MARA meets jon at Alma', inputs: [] },
    });
    expect(resolveShotInputs(both, 'wf').face).toEqual([
      { type: 'image', value: 'mara.png', name: 'face name' },
      { type: 'image', value: 'jon.png', name: 'face name' },
    ]);
    const one = context(nodes, edges, { characters, shot: { description: 'Jon alone.', inputs: [] } });
    expect(resolveShotInputs(one, 'wf').face).toEqual({ type: 'image', value: 'jon.png', name: 'face name' });
    const none = context(nodes, edges, { characters, shot: { description: 'An empty pier', inputs: [] } });
    expect(resolveShotInputs(none, 'wf').face).toBeUndefined();
  });

  it('joins Add Text inputs with a space and composes the prompt node offline', () => {
    const ctx = context(
      [
        primitive('action', 'shot', 'text'),
        primitive('style', 'movie', 'text'),
        primitive('camera', 'shot', 'text'),
        primitive('location', 'scene', 'text'),
        addText,
        promptNode,
        workflow('wf', [['prompt', 'text']]),
      ],
      [
        edge('action', 'output', 'join', 'text_1'),
        edge('style', 'output', 'join', 'text_2'),
        edge('join', 'text', 'prompt', 'prompt'),
        edge('camera', 'output', 'prompt', 'camera_angle'),
        edge('location', 'output', 'prompt', 'extra_instructions_1'),
        edge('prompt', 'enhanced_prompt', 'wf', 'prompt'),
      ],
      {
        movieInputs: [{ node_id: 'style', value: 'cinematic' }],
        scene: { inputs: [value('location', 'A harbour at dawn.')] },
        shot: { description: '', inputs: [value('action', 'Mara walks'), value('camera', 'Wide shot')] },
      },
    );
    expect(resolveShotInputs(ctx, 'wf').prompt).toEqual({
      type: 'text',
      value: 'Wide shot. Mara walks cinematic. A harbour at dawn.',
      name: 'prompt name',
    });
  });

  it("chains this shot's use-as-input takes of an upstream workflow node", () => {
    const nodes = [
      workflow('still', [], [['image', 'image']]),
      workflow('animate', [['start', 'image']], [['video', 'video']]),
    ];
    const edges = [edge('still', 'image', 'animate', 'start')];
    const one = context(nodes, edges, { takes: new Map([['still', [{ type: 'image', url: '/a.png' }]]]) });
    expect(resolveShotInputs(one, 'animate').start).toEqual({
      type: 'image',
      value: '/a.png',
      name: 'start name',
    });
    const two = context(nodes, edges, {
      takes: new Map([
        [
          'still',
          [
            { type: 'image', url: '/a.png' },
            { type: 'image', url: '/b.png' },
          ] as InputTake[],
        ],
      ]),
    });
    expect(resolveShotInputs(two, 'animate').start).toHaveLength(2);
    expect(shotInputsValid(context(nodes, edges), 'animate')).toBe(false);
  });
});

describe('shotInputsValid', () => {
  const nodes = [
    primitive('action', 'shot', 'text'),
    primitive('style', 'movie', 'lora'),
    workflow('wf', [
      ['action', 'text'],
      ['style', 'lora'],
    ]),
  ];
  const edges = [edge('action', 'output', 'wf', 'action')];

  it('is valid when every non-lora input resolves, even with the lora unconnected', () => {
    const ctx = context(nodes, edges, { shot: { description: '', inputs: [value('action', 'Mara runs')] } });
    expect(shotInputsValid(ctx, 'wf')).toBe(true);
  });

  it('is invalid when an input is empty or unconnected', () => {
    expect(
      shotInputsValid(
        context(nodes, edges, { shot: { description: '', inputs: [value('action', ' ')] } }),
        'wf',
      ),
    ).toBe(false);
    expect(shotInputsValid(context(nodes, []), 'wf')).toBe(false);
  });
});

describe('missingShotInputs', () => {
  const nodes = [
    primitive('Location', 'scene', 'text'),
    primitive('Reference Image', 'character', 'image'),
    primitive('Style', 'movie', 'text'),
    addText,
    workflow('wf', [
      ['place', 'text'],
      ['face', 'image'],
      ['look', 'text'],
      ['size', 'vector2'],
      ['style', 'lora'],
    ]),
  ];
  const edges = [
    edge('Location', 'output', 'wf', 'place'),
    edge('Reference Image', 'output', 'wf', 'face'),
    edge('Style', 'output', 'join', 'text_1'),
    edge('join', 'text', 'wf', 'look'),
  ];
  const characters = [
    { name: 'Mara', inputs: [value('Reference Image', '')] },
    { name: 'Jon', inputs: [] },
  ];

  it('names each input that does not resolve and where its value is missing; a lora may stay empty', () => {
    const ctx = context(nodes, edges, {
      characters,
      scene: { inputs: [value('Location', '')] },
      shot: { description: 'Mara meets Jon', inputs: [] },
    });
    expect(missingShotInputs(ctx, 'wf')).toEqual([
      'Location (scene)',
      'Reference Image (character Mara)',
      'Reference Image (character Jon)',
      'Style (movie)',
      'text_2 name (not connected)',
      'size name (not connected)',
    ]);
  });

  it('says so when the shot names no character, and gives nothing when every input resolves', () => {
    const unnamed = context(nodes, edges, { characters, shot: { description: 'An empty pier', inputs: [] } });
    expect(missingShotInputs(unnamed, 'wf')).toContain('Reference Image (no character named in the shot)');
    const filled = context(nodes, [...edges, edge('Location', 'output', 'wf', 'size')], {
      characters: [{ name: 'Mara', inputs: [value('Reference Image', 'mara.png')] }],
      movieInputs: [{ node_id: 'Style', value: 'noir' }],
      scene: { inputs: [value('Location', 'a harbour')] },
      shot: { description: 'Mara waits', inputs: [] },
    });
    expect(missingShotInputs(filled, 'wf')).toEqual([]);
  });
});
