import type { HandleType } from '@cinegraph/contracts';
import { asNumber, asText, asVector2 } from '../logic/values';
import { FIELD } from './fieldStyles';
import { LoraValue } from './LoraValue';
import { MediaValue } from './MediaValue';
import { NumberField } from './NumberField';

const VECTOR2_MAX = 8192;

interface ValueEditorProps {
  type: HandleType;
  value: unknown;
  onChange(value: unknown): void;
}

/** The editor of an input node's value, by its data type. */
export function ValueEditor({ type, value, onChange }: ValueEditorProps) {
  switch (type) {
    case 'text':
      return (
        <textarea
          aria-label="Text value"
          rows={3}
          value={asText(value)}
          placeholder="Type the text…"
          onChange={(event) => onChange(event.target.value)}
          className={`${FIELD} resize-y`}
        />
      );
    case 'number':
      return <NumberField label="Number value" value={asNumber(value)} onCommit={onChange} />;
    case 'vector2': {
      const [width, height] = asVector2(value);
      return (
        <div className="flex gap-2">
          <NumberField
            label="Width"
            value={width}
            max={VECTOR2_MAX}
            onCommit={(w) => onChange([w, height])}
          />
          <NumberField
            label="Height"
            value={height}
            max={VECTOR2_MAX}
            onCommit={(h) => onChange([width, h])}
          />
        </div>
      );
    }
    case 'image':
    case 'video':
    case 'audio':
      return <MediaValue kind={type} value={value} onChange={onChange} />;
    case 'lora':
      return <LoraValue value={value} onChange={onChange} />;
    default:
      return <p className="text-xs text-neutral-500">This input takes its value from a connection.</p>;
  }
}
