import type { ItemInput, StoryboardLevel } from '@cinegraph/contracts';
import type { CSSProperties } from 'react';
import { Button } from '../../../ui/Button';
import { ShotDurationField } from '../../cut/ShotDurationField';
import { isMediaInput, panelInputs, withInputValue } from '../logic/inputs';
import {
  fieldLabel,
  itemTitle,
  panelFields,
  tilePlaceholder,
  titleChange,
  titleLabel,
  titleTwin,
  type StoryboardItem,
} from '../logic/levels';
import type { LevelStats } from '../logic/newOutput';
import { CharactersDetected } from './CharactersDetected';
import { GenerationStatus } from './GenerationStatus';
import { PanelInputs } from './PanelInputs';
import { ShowHiddenToggle } from './ShowHiddenToggle';

export interface ItemPanelProps {
  level: StoryboardLevel;
  item: StoryboardItem;
  showHidden: boolean;
  characterNames: readonly string[];
  stats: LevelStats | undefined;
  onChange(change: Partial<StoryboardItem>, options?: { now?: boolean }): void;
  onAutomaticShots(): void;
}

const FIELD =
  'w-full resize-y rounded-lg border border-white/10 bg-neutral-950 px-3 py-2 text-sm text-neutral-100 outline-none placeholder:text-neutral-600 focus:border-amber-400';
// The node editor's value editors colour their focus with this variable.
const ACCENT = { '--editor-accent': '#fbbf24' } as CSSProperties;

/** The side panel of the selected item: its title, the level's fields, its inputs and its status. */
export function ItemPanel({
  level,
  item,
  showHidden,
  characterNames,
  stats,
  onChange,
  onAutomaticShots,
}: ItemPanelProps) {
  const fields = item as unknown as Record<string, unknown>;
  const twin = titleTwin(level, item.inputs);
  const inputs = panelInputs(item.inputs, showHidden).filter((input) => input.node_id !== twin?.node_id);
  function changeTitle(text: string) {
    const change: Partial<StoryboardItem> = titleChange(level, text);
    onChange(twin ? { ...change, inputs: withInputValue(item.inputs, twin.node_id, text) } : change);
  }
  function changeInput(input: ItemInput, value: unknown) {
    onChange(
      { inputs: withInputValue(item.inputs, input.node_id, value) },
      { now: isMediaInput(input.type) },
    );
  }
  return (
    <aside
      aria-label={`Selected ${level}`}
      style={ACCENT}
      className="flex flex-col gap-5 rounded-2xl border border-white/10 bg-neutral-900/80 p-5"
    >
      <label className="flex flex-col gap-1.5 text-xs font-medium tracking-wide text-neutral-400 uppercase">
        {titleLabel(level)}
        <textarea
          rows={level === 'shot' ? 3 : 1}
          value={itemTitle(item)}
          placeholder={tilePlaceholder(level)}
          onChange={(event) => changeTitle(event.target.value)}
          className={`${FIELD} normal-case`}
        />
      </label>
      {panelFields(level, item.inputs).map((field) => (
        <label
          key={field}
          className="flex flex-col gap-1.5 text-xs font-medium tracking-wide text-neutral-400 uppercase"
        >
          {fieldLabel(field)}
          <textarea
            rows={2}
            value={typeof fields[field] === 'string' ? fields[field] : ''}
            onChange={(event) => onChange({ [field]: event.target.value })}
            className={`${FIELD} normal-case`}
          />
        </label>
      ))}
      {level === 'shot' && 'scene_id' in item && (
        <>
          <ShotDurationField
            duration={item.duration}
            onChange={(duration) => onChange({ duration }, { now: true })}
            className={FIELD}
          />
          <CharactersDetected description={item.description} names={characterNames} />
        </>
      )}
      {level === 'scene' && (
        <div className="flex flex-wrap items-center gap-2 text-sm text-neutral-400">
          <span>Double-click to enter the scene, or</span>
          <Button variant="primary" size="sm" onClick={onAutomaticShots}>
            Automatic Shots
          </Button>
        </div>
      )}
      <section aria-label="Inputs" className="flex flex-col gap-3">
        <h3 className="text-sm font-semibold text-neutral-200">Inputs</h3>
        <PanelInputs itemId={item._id} inputs={inputs} level={level} onChange={changeInput} />
      </section>
      <ShowHiddenToggle />
      {level !== 'character' && <GenerationStatus level={level} stats={stats} />}
    </aside>
  );
}
