import type { Character, Scene, Shot } from '@cinegraph/contracts';
import { describe, expect, it } from 'vitest';
import {
  deleteConfirmation,
  fieldLabel,
  itemTitle,
  panelFields,
  titleTwin,
  tilePlaceholder,
  titleChange,
} from './levels';

const flags = {
  _id: 'a',
  movie_id: 'm',
  index: 0,
  inputs: [],
  hidden: false,
  new_output: false,
  use_as_input: false,
  downloaded: false,
  display_image: null,
};

describe('storyboard levels', () => {
  it("uses 'action' as the shot placeholder and '{level} title' otherwise", () => {
    expect(tilePlaceholder('shot')).toBe('action');
    expect(tilePlaceholder('scene')).toBe('scene title');
    expect(tilePlaceholder('character')).toBe('character title');
  });

  it("shows a shot's description, a character's name and a scene's title as the tile title", () => {
    const shot: Shot = {
      ...flags,
      scene_id: 's',
      description: 'Ann runs',
      dialogue: '',
      camera_angle: '',
      duration: null,
    };
    const character: Character = { ...flags, name: 'Ann', title: 'Ann', description: '' };
    const scene: Scene = { ...flags, title: 'Opening', description: '', location: '' };
    expect([itemTitle(shot), itemTitle(character), itemTitle(scene)]).toEqual(['Ann runs', 'Ann', 'Opening']);
  });

  it('renames a character by name and title alike', () => {
    expect(titleChange('character', 'Bo')).toEqual({ name: 'Bo', title: 'Bo' });
    expect(titleChange('shot', 'runs')).toEqual({ description: 'runs' });
  });

  it('lists the extra fields without the one the tile edits', () => {
    expect(panelFields('scene')).toEqual(['description', 'location']);
    expect(panelFields('shot')).toEqual(['dialogue', 'camera_angle']);
  });

  it('leaves out a field an input of the same name shows, and finds the input the title carries', () => {
    const input = (name: string, type = 'text') => ({ node_id: name, name, type, value: '' });
    expect(panelFields('scene', [input('Location')])).toEqual(['description']);
    expect(panelFields('shot', [input('Description'), input('camera angle')])).toEqual(['dialogue']);
    expect(titleTwin('shot', [input('Camera Angle'), input('Description')])?.node_id).toBe('Description');
    expect(titleTwin('shot', [input('Description', 'image')])).toBeUndefined();
    expect(titleTwin('scene', [input('Description')])).toBeUndefined();
    expect(fieldLabel('camera_angle')).toBe('Camera Angle');
  });

  it('names the item type in the delete confirmation', () => {
    expect(deleteConfirmation('shot').message).toContain('this shot');
    expect(deleteConfirmation('scene').title).toBe('Delete scene');
  });
});
