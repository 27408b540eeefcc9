import type { UtilityKind, UtilityNodeTemplate } from '@cinegraph/contracts';

/**
 * The utility nodes the editor offers. What the prompt and Download nodes compute comes with the
 * generation issue; their handles are fixed here so graphs built now keep working then.
 */
export const UTILITY_NODE_TEMPLATES: readonly UtilityNodeTemplate[] = [
  {
    name: 'Add Text',
    tooltip: 'Joins its text inputs, in order, into one text.',
    utility_kind: 'add_text',
    input_handles: [
      { id: 'text_1', name: 'Text 1', type: 'text' },
      { id: 'text_2', name: 'Text 2', type: 'text' },
    ],
    output_handles: [{ id: 'text', name: 'Text', type: 'text' }],
  },
  {
    name: 'Cinegraph Prompt',
    tooltip:
      "Writes an enhanced prompt from the shot's prompt, camera angle and the descriptions of its images.",
    utility_kind: 'prompt',
    input_handles: [
      { id: 'prompt', name: 'Prompt', type: 'text' },
      { id: 'camera_angle', name: 'Camera Angle', type: 'text' },
      {
        id: 'extra_instructions_1',
        name: 'Extra Instructions #1',
        type: 'text',
        tooltip: 'More instructions may be added as #2, #3, ...',
      },
      { id: 'character_image', name: 'Character Image', type: 'image' },
      { id: 'location_image', name: 'Location Image', type: 'image' },
      { id: 'concept_image', name: 'Concept Image', type: 'image' },
    ],
    output_handles: [{ id: 'enhanced_prompt', name: 'Enhanced Prompt', type: 'text' }],
  },
  {
    name: 'Download',
    tooltip: 'Collects the media it receives for download.',
    utility_kind: 'download',
    input_handles: [{ id: 'media', name: 'Media', type: 'any' }],
    output_handles: [],
  },
];

export function utilityTemplate(kind: UtilityKind): UtilityNodeTemplate {
  return UTILITY_NODE_TEMPLATES.find((t) => t.utility_kind === kind)!;
}
