import type { UtilityNodeTemplate } from '@cinegraph/contracts';
import { describe, expect, it } from 'vitest';
import { createBodyFor, nodeChoiceCategories, opensSharedBrowser, QUICK_CHOICES } from './nodeChoices';

const addText: UtilityNodeTemplate = {
  name: 'AddText',
  tooltip: 'Joins texts',
  utility_kind: 'add_text',
  input_handles: [{ id: 'a', name: 'A', type: 'text', connections: [] }],
  output_handles: [{ id: 'output', name: 'Text', type: 'text' }],
};

describe('the node-add menu', () => {
  it('has Input, Workflow and Utility with their submenus', () => {
    const categories = nodeChoiceCategories([addText]);
    expect(categories.map((c) => [c.label, c.submenu, c.tab])).toEqual([
      ['Input', 'Input Nodes', 'Inputs'],
      ['Workflow', 'Workflow Options', 'Workflows'],
      ['Utility', 'Utility Nodes', 'Utility'],
    ]);
    expect(categories[0]?.entries.map((e) => e.label)).toEqual([
      'Movie Input',
      'Scene Input',
      'Shot Input',
      'Character Input',
    ]);
    expect(categories[2]?.entries.map((e) => e.label)).toEqual(['AddText']);
  });

  it('offers an empty workflow and the shared workflows browser under Workflow Options', () => {
    const entries = nodeChoiceCategories([])[1]?.entries ?? [];
    expect(entries.map((e) => e.label)).toEqual(['Empty Workflow', 'Shared workflows…']);
    expect(entries.map((e) => opensSharedBrowser(e.choice))).toEqual([false, true]);
  });
});

describe('creating nodes', () => {
  it('creates an input as a primitive of its level with an untyped output', () => {
    const body = createBodyFor({ kind: 'input', level: 'shot' }, { x: 10.4, y: 20.6 });
    expect(body).toMatchObject({ type: 'primitive', level: 'shot', width: 180, position: { x: 10, y: 21 } });
    expect(body.output_handles).toEqual([{ id: 'output', name: 'output', type: 'any' }]);
  });

  it('creates the quick nodes: workflow, movie input and character input', () => {
    expect(createBodyFor(QUICK_CHOICES.workflow, { x: 0, y: 0 })).toMatchObject({
      type: 'workflow',
      width: 300,
    });
    expect(createBodyFor(QUICK_CHOICES.primitive, { x: 0, y: 0 })).toMatchObject({ level: 'movie' });
    expect(createBodyFor(QUICK_CHOICES.character, { x: 0, y: 0 })).toMatchObject({ level: 'character' });
  });

  it('copies a utility template with its handles, without their connections', () => {
    const body = createBodyFor({ kind: 'utility', template: addText }, { x: 0, y: 0 });
    expect(body).toMatchObject({ type: 'utility', name: 'AddText', utility_kind: 'add_text', width: 220 });
    expect(body.input_handles).toEqual([{ id: 'a', name: 'A', type: 'text' }]);
  });
});
