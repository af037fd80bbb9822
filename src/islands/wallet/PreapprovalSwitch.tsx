// "Accept incoming transfers automatically": a real switch (button role=switch with aria-checked,
// named by its visible label) over the party's transfer preapproval. It shows the server's answer,
// not the press: while saving it is busy, and a failure leaves it as it was.
import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { cx } from '../../components/cx';
import { useT } from '../../components/use-t';
import { $preapproval, setPreapproval, type PreapprovalState } from '../../stores/p2p';

/** `state`: the switch as the wallet screen has it (served on a page rendered on the Worker); else the store's. */
export function PreapprovalSwitch({ state: given }: { state?: PreapprovalState } = {}) {
  const t = useT();
  const stored = useStore($preapproval);
  const state = given ?? stored;
  const [error, setError] = useState<string | null>(null);
  const labelId = useId();
  const hintId = useId();
  const on = state.enabled;
  const disabled = state.status !== 'ready' || state.saving;

  async function toggle() {
    setError(null);
    const failed = await setPreapproval(!on);
    if (failed) setError(`${t('wallet.preapproval.error')} ${failed}`);
  }

  return (
    <div className="flex items-start justify-between gap-4" data-preapproval="">
      <div className="min-w-0">
        <p id={labelId} className="text-sm font-medium text-gray-900">
          {t('wallet.preapproval.label')}
        </p>
        <p id={hintId} className="mt-0.5 text-sm text-gray-600">
          {t('wallet.preapproval.hint')}
        </p>
        {error && (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby={labelId}
        aria-describedby={hintId}
        aria-busy={state.saving || undefined}
        disabled={disabled}
        onClick={() => void toggle()}
        data-action="preapproval"
        className={cx(
          'relative inline-flex h-11 w-16 shrink-0 items-center rounded-full p-1 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gray-900 disabled:opacity-60',
          on ? 'bg-green-700' : 'bg-gray-400',
        )}
      >
        <span aria-hidden="true" className={cx('h-9 w-9 rounded-full bg-white shadow transition-transform', on ? 'translate-x-5' : 'translate-x-0')} />
      </button>
    </div>
  );
}
