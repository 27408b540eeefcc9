import { STORYBOARD_MESSAGES, type GeneratedShot, type ItemInput } from '@cinegraph/contracts';
import { describe, expect, it } from 'vitest';
import { fillPlannedInputs, generateShotsProblem } from './generateShots';

describe('automatic shots', () => {
  it('asks for a scene description first', () => {
    expect(generateShotsProblem('  ', ['Ann'])).toBe(STORYBOARD_MESSAGES.sceneDescriptionMissing);
  });

  it('needs at least one known character named, ignoring case', () => {
    expect(generateShotsProblem('A storm at sea', ['Ann'])).toBe(STORYBOARD_MESSAGES.noCharactersDetected);
    expect(generateShotsProblem('ANN walks in', ['Ann'])).toBeNull();
  });

  it('fills the dialogue and camera-angle inputs and leaves the others', () => {
    const planned: GeneratedShot = {
      description: 'Ann waves',
      dialogue: 'Hello',
      camera_angle: 'close-up',
      characters: ['Ann'],
      mood: 'calm',
    };
    const inputs: ItemInput[] = [
      { node_id: '1', name: 'Dialogue', type: 'text', value: '' },
      { node_id: '2', name: 'Camera Angle', type: 'text', value: '' },
      { node_id: '3', name: 'Mood', type: 'text', value: '' },
      { node_id: '4', name: 'Seed', type: 'number', value: 1 },
      { node_id: '5', name: 'Style', type: 'text', value: 'noir' },
      { node_id: '6', name: 'Description', type: 'text', value: '' },
    ];
    expect(fillPlannedInputs(inputs, planned).map((input) => input.value)).toEqual([
      'Hello',
      'close-up',
      'calm',
      1,
      'noir',
      'Ann waves',
    ]);
  });
});
