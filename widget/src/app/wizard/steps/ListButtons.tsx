import { LIST_LIMITS } from '../state.js';
import { useWizard } from '../wizard-context.js';

type TList = keyof typeof LIST_LIMITS;

/** Removes one block of a list; the first block always stays, so nothing shows at index 0. */
export function RemoveBlockButton({
  list,
  index,
  label,
}: {
  list: TList;
  index: number;
  label: string;
}) {
  const { dispatch } = useWizard();
  if (index === 0) return null;
  return (
    <button
      type="button"
      className="button secondary"
      onClick={() => dispatch({ type: 'remove', list, index })}
    >
      {label}
    </button>
  );
}

/** Adds a block to a list; disabled once the list holds LIST_LIMITS[list] blocks. */
export function AddBlockButton({ list, label }: { list: TList; label: string }) {
  const { state, dispatch } = useWizard();
  return (
    <button
      type="button"
      className="button"
      disabled={state[list].length >= LIST_LIMITS[list]}
      onClick={() => dispatch({ type: 'add', list })}
    >
      {label}
    </button>
  );
}
