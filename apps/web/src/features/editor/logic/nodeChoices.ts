import {
  DEFAULT_NODE_WIDTHS,
  type CanvasNodeType,
  type CreateNodeBody,
  type PrimitiveLevel,
  type UtilityNodeTemplate,
} from '@cinegraph/contracts';
import { serverKindOf } from './canvasNodes';

/** An empty workflow node, or one the creator picks from the community's shared workflows. */
export type WorkflowTemplate = 'empty_workflow' | 'shared_workflows';

/** Something the creator can add to the canvas. */
export type NodeChoice =
  | { kind: 'input'; level: PrimitiveLevel }
  | { kind: 'workflow'; template: WorkflowTemplate }
  | { kind: 'utility'; template: UtilityNodeTemplate };

export interface ChoiceEntry {
  key: string;
  label: string;
  description: string;
  choice: NodeChoice;
}

export interface ChoiceCategory {
  id: 'input' | 'workflow' | 'utility';
  /** The category's name in the context menu and its tab on phones. */
  label: string;
  tab: string;
  submenu: string;
  entries: ChoiceEntry[];
}

const INPUT_NAMES: Record<PrimitiveLevel, string> = {
  movie: 'Movie Input',
  scene: 'Scene Input',
  shot: 'Shot Input',
  character: 'Character Input',
};

const INPUT_SCOPES: Record<PrimitiveLevel, string> = {
  movie: 'Applies to every generation in the movie',
  scene: 'Set per scene, for all of its shots',
  shot: 'Set per shot',
  character: 'Follows a character into every shot that names it',
};

const INPUT_TYPES: Record<PrimitiveLevel, CanvasNodeType> = {
  movie: 'moviePrimitive',
  scene: 'scenePrimitive',
  shot: 'shotPrimitive',
  character: 'characterPrimitive',
};

/** The node-add menu's categories: Input, Workflow and Utility with their submenus. */
export function nodeChoiceCategories(templates: readonly UtilityNodeTemplate[]): ChoiceCategory[] {
  return [
    {
      id: 'input',
      label: 'Input',
      tab: 'Inputs',
      submenu: 'Input Nodes',
      entries: (['movie', 'scene', 'shot', 'character'] as const).map((level) => ({
        key: `input-${level}`,
        label: INPUT_NAMES[level],
        description: INPUT_SCOPES[level],
        choice: { kind: 'input', level },
      })),
    },
    {
      id: 'workflow',
      label: 'Workflow',
      tab: 'Workflows',
      submenu: 'Workflow Options',
      entries: [
        {
          key: 'workflow-empty',
          label: 'Empty Workflow',
          description: 'A workflow node with no graph yet',
          choice: { kind: 'workflow', template: 'empty_workflow' },
        },
        {
          key: 'workflow-shared',
          label: 'Shared workflows…',
          description: 'Browse the community’s workflows and load one into a new node',
          choice: { kind: 'workflow', template: 'shared_workflows' },
        },
      ],
    },
    {
      id: 'utility',
      label: 'Utility',
      tab: 'Utility',
      submenu: 'Utility Nodes',
      entries: templates.map((template) => ({
        key: `utility-${template.utility_kind}-${template.name}`,
        label: template.name,
        description: template.tooltip,
        choice: { kind: 'utility', template },
      })),
    },
  ];
}

/** A workflow node loaded from the community's shared workflows (picked in their browser). */
export const SHARED_WORKFLOW_CHOICE: NodeChoice = { kind: 'workflow', template: 'shared_workflows' };

/** Whether picking the choice opens the shared-workflow browser instead of adding a node at once. */
export function opensSharedBrowser(choice: NodeChoice): boolean {
  return choice.kind === 'workflow' && choice.template === 'shared_workflows';
}

/** The display type a choice is drawn as. */
export function choiceDisplayType(choice: NodeChoice): CanvasNodeType {
  if (choice.kind === 'input') return INPUT_TYPES[choice.level];
  return choice.kind;
}

/** The create-node call for a choice placed at a canvas position. */
export function createBodyFor(choice: NodeChoice, position: { x: number; y: number }): CreateNodeBody {
  const at = { x: Math.round(position.x), y: Math.round(position.y) };
  if (choice.kind === 'input') {
    const type = INPUT_TYPES[choice.level];
    return {
      ...serverKindOf(type),
      name: INPUT_NAMES[choice.level],
      position: at,
      width: DEFAULT_NODE_WIDTHS[type],
      // A fresh input has no data type yet: the node offers a type picker.
      output_handles: [{ id: 'output', name: 'output', type: 'any' }],
    };
  }
  if (choice.kind === 'workflow') {
    return {
      ...serverKindOf('workflow'),
      name: 'Workflow',
      position: at,
      width: DEFAULT_NODE_WIDTHS.workflow,
    };
  }
  const { template } = choice;
  const strip = ({ id, name, type, tooltip }: UtilityNodeTemplate['input_handles'][number]) => ({
    id,
    name,
    type,
    ...(tooltip ? { tooltip } : {}),
  });
  return {
    ...serverKindOf('utility'),
    name: template.name,
    position: at,
    width: DEFAULT_NODE_WIDTHS.utility,
    value: null,
    utility_kind: template.utility_kind,
    input_handles: template.input_handles.map(strip),
    output_handles: template.output_handles.map(strip),
  };
}

/** The choices behind the top bar's buttons and the N, P and C shortcuts. */
export const QUICK_CHOICES: Record<'workflow' | 'primitive' | 'character', NodeChoice> = {
  workflow: { kind: 'workflow', template: 'empty_workflow' },
  primitive: { kind: 'input', level: 'movie' },
  character: { kind: 'input', level: 'character' },
};
