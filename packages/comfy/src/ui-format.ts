import { z } from 'zod';

/** Node ids are integers in the UI format; some tools write them as strings (never a prototype key). */
const NodeId = z.union([
  z.number(),
  z.string().refine((id) => !['__proto__', 'constructor', 'prototype'].includes(id), 'is a forbidden id'),
]);
const LinkType = z.union([z.string(), z.number(), z.array(z.string())]).nullish();

const UiInputSchema = z.looseObject({
  name: z.string(),
  type: LinkType,
  link: z.number().nullish(),
  widget: z.looseObject({ name: z.string() }).nullish(),
  label: z.string().nullish(),
});

const UiOutputSchema = z.looseObject({
  name: z.string().nullish(),
  type: LinkType,
  links: z.array(z.number()).nullish(),
  widget: z.looseObject({ name: z.string() }).nullish(),
});

const UiNodeSchema = z.looseObject({
  id: NodeId,
  type: z.string({ error: 'has no type' }),
  mode: z.number().nullish(),
  title: z.string().nullish(),
  inputs: z.array(UiInputSchema).nullish(),
  outputs: z.array(UiOutputSchema).nullish(),
  widgets_values: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]).nullish(),
  properties: z.record(z.string(), z.unknown()).nullish(),
});

const LinkTuple = z
  .tuple([z.number(), NodeId, z.number(), NodeId, z.number()])
  .rest(z.unknown())
  .transform(([id, origin_id, origin_slot, target_id, target_slot, type]) => ({
    id,
    origin_id,
    origin_slot,
    target_id,
    target_slot,
    type: typeof type === 'string' ? type : '*',
  }));

const LinkObject = z
  .looseObject({
    id: z.number(),
    origin_id: NodeId,
    origin_slot: z.number(),
    target_id: NodeId,
    target_slot: z.number(),
    type: LinkType,
  })
  .transform((link) => ({ ...link, type: typeof link.type === 'string' ? link.type : '*' }));

const UiLinkSchema = z.union([LinkTuple, LinkObject]);

const SubgraphSchema = z.looseObject({
  id: z.string(),
  name: z.string().nullish(),
  nodes: z.array(UiNodeSchema),
  links: z.array(UiLinkSchema).nullish(),
  inputs: z.array(z.looseObject({ name: z.string(), type: LinkType })).nullish(),
  outputs: z.array(z.looseObject({ name: z.string(), type: LinkType })).nullish(),
});

/** Links of a legacy group node: `[fromIndex | null, fromSlot, toIndex, toSlot, outerSourceId, type]`. */
const GroupNodeLink = z.tuple([z.number().nullable(), z.number(), z.number(), z.number()]).rest(z.unknown());

const GroupNodeSchema = z.looseObject({
  nodes: z.array(UiNodeSchema.omit({ id: true }).extend({ index: z.number().nullish() })),
  links: z.array(GroupNodeLink).nullish(),
  external: z.array(z.tuple([z.unknown(), z.number()]).rest(z.unknown())).nullish(),
});

/** The UI ("workflow") format that ComfyUI's editor saves. */
export const UiWorkflowSchema = z.looseObject({
  nodes: z.array(UiNodeSchema),
  links: z.array(UiLinkSchema).nullish(),
  groups: z.array(z.looseObject({ title: z.string().nullish() })).nullish(),
  definitions: z.looseObject({ subgraphs: z.array(SubgraphSchema).nullish() }).nullish(),
  extra: z.looseObject({ groupNodes: z.record(z.string(), GroupNodeSchema).nullish() }).nullish(),
});

export type UiWorkflow = z.infer<typeof UiWorkflowSchema>;
export type UiNode = z.infer<typeof UiNodeSchema>;
export type UiLink = z.infer<typeof UiLinkSchema>;
export type UiSubgraph = z.infer<typeof SubgraphSchema>;
export type UiGroupNode = z.infer<typeof GroupNodeSchema>;
export type UiGroupNodeInner = UiGroupNode['nodes'][number];

/** Node modes of the UI format: 0 runs, 2 is muted (never runs), 4 is bypassed (passes inputs through). */
export const NodeMode = { normal: 0, muted: 2, bypassed: 4 } as const;

/** A link or slot type as a string; lists of types and missing types read as '*' (any). */
export const typeName = (type: unknown): string => (typeof type === 'string' ? type : '*');

/** A node inside a muted or bypassed subgraph or group node is muted or bypassed with it. */
export const inheritedMode = (own: number | null | undefined, parent: number | undefined): number =>
  parent !== undefined && parent !== NodeMode.normal ? parent : (own ?? NodeMode.normal);
