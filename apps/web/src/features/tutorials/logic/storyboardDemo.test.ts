import { describe, expect, it } from 'vitest';
import {
  addDemoShot,
  canAddShot,
  deleteDemoShot,
  loraAsStyle,
  MAX_DEMO_SHOTS,
  newDemoShot,
  styleAsLora,
  updateDemoShot,
} from './storyboardDemo';

describe('the storyboard demo', () => {
  it('starts a shot with a 512x512 resolution and the cinematic style at 0.7', () => {
    expect(newDemoShot('a')).toEqual({
      id: 'a',
      text: '',
      prompt: '',
      resolution: [512, 512],
      image: '',
      style: { name: 'cinematic', weight: 0.7, url: 'https://example.com/loras/cinematic.safetensors' },
      hidden: false,
    });
  });

  it('adds shots up to 4 and no more', () => {
    let shots = addDemoShot([], 's1');
    for (let i = 2; i <= 6; i += 1) shots = addDemoShot(shots, `s${i}`);
    expect(MAX_DEMO_SHOTS).toBe(4);
    expect(shots.map((s) => s.id)).toEqual(['s1', 's2', 's3', 's4']);
    expect(canAddShot(shots)).toBe(false);
    expect(canAddShot(shots.slice(1))).toBe(true);
  });

  it('edits one shot and leaves the others', () => {
    const shots = [newDemoShot('a'), newDemoShot('b')];
    const next = updateDemoShot(shots, 'b', { text: 'The door opens', resolution: [1024, 576] });
    expect(next[0]).toEqual(shots[0]);
    expect(next[1]).toMatchObject({ text: 'The door opens', resolution: [1024, 576] });
  });

  it('selects the first remaining shot after deleting the selected one, none when empty', () => {
    const shots = [newDemoShot('a'), newDemoShot('b'), newDemoShot('c')];
    expect(deleteDemoShot(shots, 'b', 'b')).toMatchObject({ selected: 'a' });
    expect(deleteDemoShot(shots, 'a', 'a').selected).toBe('b');
    expect(deleteDemoShot(shots, 'c', 'b').selected).toBe('b');
    expect(deleteDemoShot([newDemoShot('a')], 'a', 'a')).toEqual({ shots: [], selected: null });
  });

  it('shows the style in the studio’s LoRA terms and back', () => {
    const lora = styleAsLora({ name: 'cinematic', weight: 0.7, url: 'c.safetensors' });
    expect(lora).toEqual({ keyword: 'cinematic', url: 'c.safetensors', strength: 0.7 });
    expect(loraAsStyle({ ...lora, strength: 1.2 })).toEqual({
      name: 'cinematic',
      weight: 1.2,
      url: 'c.safetensors',
    });
  });
});
