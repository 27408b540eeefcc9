import { useShowHiddenItems } from '../../../lib/preferences';

/** 'Show hidden': the persisted preference that brings hidden items and inputs back into view. */
export function ShowHiddenToggle() {
  const [show, setShow] = useShowHiddenItems();
  return (
    <label className="flex cursor-pointer items-center justify-between gap-3 text-sm text-neutral-300">
      Show hidden
      <input
        type="checkbox"
        role="switch"
        checked={show}
        onChange={(event) => setShow(event.target.checked)}
        className="size-4 accent-amber-400"
      />
    </label>
  );
}
