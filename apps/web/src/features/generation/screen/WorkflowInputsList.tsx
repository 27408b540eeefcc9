import type { GenerationInput, WorkflowInputs } from '@cinegraph/contracts';

/** The inputs a generation ran with, read-only (the spec). */
export function WorkflowInputsList({ inputs }: { inputs: WorkflowInputs }) {
  const entries = Object.entries(inputs);
  return (
    <section aria-label="Workflow Inputs">
      <h3 className="mb-2 text-sm font-semibold text-neutral-200">Workflow Inputs</h3>
      {entries.length === 0 ? (
        <p className="text-xs text-neutral-500">No inputs.</p>
      ) : (
        <dl className="space-y-2">
          {entries.map(([key, input]) => {
            const list = Array.isArray(input) ? input : [input];
            return (
              <div key={key} className="rounded-lg bg-neutral-950/60 px-3 py-2">
                <dt className="text-xs text-neutral-400">
                  {list[0]?.name ?? key} <span className="text-neutral-600">({list[0]?.type ?? 'any'})</span>
                </dt>
                {list.map((item, position) => (
                  <dd key={position} className="mt-1 text-sm break-words text-neutral-100">
                    <InputValue input={item} />
                  </dd>
                ))}
              </div>
            );
          })}
        </dl>
      )}
    </section>
  );
}

function InputValue({ input }: { input: GenerationInput }) {
  const { type, value } = input;
  if (type === 'image' && typeof value === 'string' && value) {
    return <img src={value} alt="" className="max-h-24 rounded-md" />;
  }
  if (value === null || value === undefined || value === '')
    return <span className="text-neutral-500">empty</span>;
  if (typeof value === 'string') return <>{value}</>;
  if (Array.isArray(value) && type === 'vector2') return <>{value.join(' × ')}</>;
  return <code className="text-xs">{JSON.stringify(value)}</code>;
}
