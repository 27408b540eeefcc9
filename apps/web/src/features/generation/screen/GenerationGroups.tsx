import type { Generation } from '@cinegraph/contracts';
import type { WorkflowGroup } from '../logic/workflowGroups';
import { WorkflowSection, type WorkflowSectionProps } from './WorkflowSection';

type SharedProps = Omit<WorkflowSectionProps, 'title' | 'workflowId' | 'workflowName' | 'generations'>;

/** The sections of the screen: one per workflow on `all_workflows`, else the one workflow's takes. */
export function GenerationGroups({
  groups,
  grouped,
  ...shared
}: SharedProps & { groups: readonly WorkflowGroup[]; grouped: boolean }) {
  if (grouped && groups.length === 0) {
    return (
      <div className="rounded-2xl border border-dashed border-white/15 p-10 text-center">
        <p className="text-neutral-200">No workflows available for this shot</p>
        <p className="mt-1 text-sm text-neutral-500">Create workflows in the editor to generate content</p>
      </div>
    );
  }
  return (
    <div className="space-y-8">
      {groups.map((group) => (
        <WorkflowSection
          key={group.workflowId}
          {...shared}
          title={grouped ? group.name : undefined}
          workflowId={group.workflowId}
          workflowName={group.name}
          generations={group.generations}
        />
      ))}
    </div>
  );
}

export function flatten(groups: readonly WorkflowGroup[]): Generation[] {
  return groups.flatMap((group) => group.generations);
}
