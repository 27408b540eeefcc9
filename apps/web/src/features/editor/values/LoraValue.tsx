import { useOffline } from '../../../lib/offline';
import { MediaUpload } from '../../assets/MediaUpload';
import { asLora, LORA_STRENGTH, loraConfigured, type LoraValue as Lora } from '../logic/values';
import { FIELD } from './fieldStyles';
import { NumberField } from './NumberField';

/** A LoRA: trigger keyword, file URL (typed, uploaded or saved .safetensors) and strength 0 to 2. */
export function LoraValue({ value, onChange }: { value: unknown; onChange(value: Lora): void }) {
  const lora = asLora(value);
  const offline = useOffline();
  const set = (change: Partial<Lora>) => onChange({ ...lora, ...change });
  return (
    <div className="flex flex-col gap-2">
      <input
        aria-label="LoRA keyword"
        placeholder="Keyword"
        value={lora.keyword}
        onChange={(e) => set({ keyword: e.target.value })}
        className={FIELD}
      />
      <input
        type="url"
        aria-label="LoRA URL"
        placeholder="https://… (.safetensors)"
        value={lora.url}
        onChange={(e) => set({ url: e.target.value })}
        className={FIELD}
      />
      {!offline && <MediaUpload fileType="lora" onPick={(url) => set({ url })} />}
      <div className="flex items-end gap-2">
        <input
          type="range"
          aria-label="LoRA strength slider"
          min={LORA_STRENGTH.min}
          max={LORA_STRENGTH.max}
          step={LORA_STRENGTH.step}
          value={lora.strength}
          onChange={(e) => set({ strength: Number(e.target.value) })}
          className="nodrag mb-1.5 flex-1 accent-[var(--editor-accent)]"
        />
        <div className="w-20">
          <NumberField
            label="Strength"
            value={lora.strength}
            min={LORA_STRENGTH.min}
            max={LORA_STRENGTH.max}
            step={LORA_STRENGTH.step}
            onCommit={(strength) => set({ strength })}
          />
        </div>
      </div>
      {!loraConfigured(lora) && <p className="text-[11px] text-neutral-500">Needs a keyword and a URL.</p>}
    </div>
  );
}
