import type { GenerationEvent } from '@cinegraph/contracts';
import { describe, expect, it } from 'vitest';
import { parseGenerationEvent } from './generationEvent';

const event: GenerationEvent = {
  id: 'g1',
  movie_id: 'm1',
  workflow_node_id: 'n1',
  shot_id: 's1',
  scene_id: null,
  status: 'running',
  progress: 0.25,
  change: 'progress',
};
const data = (fields: Record<string, unknown>) => JSON.stringify({ ...event, ...fields });

describe('parseGenerationEvent', () => {
  it('reads the data of an event, without fields the event does not have', () => {
    expect(parseGenerationEvent(JSON.stringify(event))).toEqual(event);
    expect(parseGenerationEvent(data({ extra: 'x' }))).toEqual(event);
  });

  it('refuses anything else', () => {
    expect(parseGenerationEvent('not json')).toBeNull();
    expect(parseGenerationEvent(undefined)).toBeNull();
    expect(parseGenerationEvent(JSON.stringify({ id: 'g1' }))).toBeNull();
    expect(parseGenerationEvent(data({ status: 'finished' }))).toBeNull();
    expect(parseGenerationEvent(data({ change: 'renamed' }))).toBeNull();
    expect(parseGenerationEvent(data({ progress: '25' }))).toBeNull();
    // JSON reads a number too large for a double as Infinity.
    expect(
      parseGenerationEvent(data({ progress: 0 }).replace('"progress":0', '"progress":1e999')),
    ).toBeNull();
    expect(parseGenerationEvent(data({ shot_id: undefined }))).toBeNull();
    expect(parseGenerationEvent(data({ movie_id: 7 }))).toBeNull();
    expect(parseGenerationEvent('null')).toBeNull();
  });
});
