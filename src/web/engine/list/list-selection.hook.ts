import { useRef, useState, type MouseEvent } from 'react';

/**
 * Shift-click: every row between the last clicked one and this one takes this one's new state.
 * Disabled rows are left as they are.
 */
export function selectRange(
  selected: ReadonlySet<number>,
  ids: readonly number[],
  enabled: (id: number) => boolean,
  from: number,
  to: number,
  checked: boolean,
): Set<number> {
  const next = new Set(selected);
  for (let index = Math.min(from, to); index <= Math.max(from, to); index += 1) {
    const id = ids[index];
    if (id === undefined || !enabled(id)) continue;
    if (checked) next.add(id);
    else next.delete(id);
  }
  return next;
}

export interface ListSelection {
  selected: ReadonlySet<number>;
  /** Whether this record may be selected (every batch action may apply to it). */
  enabled: (id: number) => boolean;
  /** The ids select-all takes: the enabled ones shown. */
  enabledIds: number[];
  allSelected: boolean;
  /** A row's checkbox clicked: with Shift, the range from the last one clicked. */
  toggle: (index: number, event: MouseEvent<HTMLInputElement>) => void;
  toggleAll: () => void;
  clear: () => void;
}

/** The records selected among those shown (ids in display order), for the batch actions. */
export function useListSelection(ids: readonly number[], enabled: (id: number) => boolean): ListSelection {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const lastClicked = useRef<number | null>(null);
  const enabledIds = ids.filter(enabled);
  const allSelected = enabledIds.length > 0 && enabledIds.every((id) => selected.has(id));
  return {
    selected,
    enabled,
    enabledIds,
    allSelected,
    toggle(index, event) {
      const checked = event.currentTarget.checked;
      const from = event.shiftKey && lastClicked.current !== null ? lastClicked.current : index;
      setSelected(selectRange(selected, ids, enabled, from, index, checked));
      lastClicked.current = index;
    },
    toggleAll: () => setSelected(allSelected ? new Set() : new Set(enabledIds)),
    clear: () => setSelected(new Set()),
  };
}
