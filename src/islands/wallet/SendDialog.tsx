// The wallet's "Send" dialog, in the house Modal (focus trap, Escape closes). Step 1: the
// receiver (phone or party id) and the amount in CC, checked as typed text (never a float), never
// above the available balance, with its USD value at the current price in integer cents. "Continue"
// resolves the receiver; step 2 confirms (the phone in international form, masked name, abbreviated
// party id, amount, USD value, and
// what happens next: settles at once under a preapproval, else a 24 h offer that locks the CC).
// "Send" is one intent: one Idempotency-Key kept across its retries, the automatic ones
// (sendIntent) and the user's own "Try again" after an answer that decided nothing; a refusal
// (4xx) ends the intent and a changed receiver or amount starts a new one.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { cx } from '../../components/cx';
import { Modal } from '../../components/Modal';
import { useLang, useT } from '../../components/use-t';
import { idempotencyKey } from '../../lib/idempotency';
import { formatInternational, loadPhoneMetadata } from '../../shared/phone-number';
import { apiErrorText } from '../../shared/error-text';
import { abbreviatePartyId, formatCents, formatLedgerAmount, formatPrice } from '../../shared/format';
import { parseReceiver } from '../../shared/schemas/send-rules';
import { $lang } from '../../stores/lang';
import { outcomeUnknown, resolveReceiver, sendTransfer, type ResolvedReceiver, type SentTransfer } from '../../stores/p2p';
import { checkSend, usdCentsOf, type SendFields } from './send-form';

export interface SendDialogProps {
  open: boolean;
  onClose: () => void;
  accountId: string;
  /** The unlocked CC (exact decimal), the most one send can move. */
  available: string;
  /** The current CC price in USD (exact decimal), for the USD values. */
  price: string | null;
  /** After a send that may have moved money (success or an unknown outcome): refetch balance and offers. */
  onSent: () => void;
}

type Step =
  | { kind: 'form' }
  | { kind: 'confirm'; receiver: ResolvedReceiver; amount: string }
  | { kind: 'done'; receiver: ResolvedReceiver; result: SentTransfer }
  | { kind: 'failed'; receiver: ResolvedReceiver; amount: string; message: string; retryable: boolean };

const field =
  'block w-full rounded-lg border px-3 py-2.5 text-base text-gray-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-gray-900 sm:text-sm';

export function SendDialog({ open, onClose, accountId, available, price, onSent }: SendDialogProps) {
  const t = useT();
  const lang = useLang();
  const ids = { receiver: useId(), amount: useId(), receiverMsg: useId(), amountMsg: useId(), usd: useId() };
  const [fields, setFields] = useState<SendFields>({ receiver: '', amount: '' });
  const [touched, setTouched] = useState(false);
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  // The phone receiver as the confirmation shows it (international form), set by "Continue".
  const [shownPhone, setShownPhone] = useState<string | null>(null);
  // The intent's key: made at the first "Send", kept while the outcome is unknown, dropped when it is known.
  const keyRef = useRef<string | null>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  // A new step replaces the focused button: focus moves to the step's content (not to its action,
  // so a second Enter cannot send), and Escape and Tab keep working inside the dialog.
  const stepRef = useRef<HTMLDivElement>(null);
  const firstStep = useRef(true);
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    if (step.kind === 'form') amountRef.current?.focus();
    else stepRef.current?.focus();
  }, [step.kind]);

  const check = checkSend(fields, available, lang);
  const errors = touched && !check.ok ? check.errors : {};
  const typedCents = usdCentsOf(fields.amount, price, lang);

  function reset() {
    setFields({ receiver: '', amount: '' });
    setTouched(false);
    setStep({ kind: 'form' });
    setFormError(null);
    keyRef.current = null;
  }
  function close() {
    if (busy) return;
    reset();
    onClose();
  }
  function edit(next: Partial<SendFields>) {
    setFields((f) => ({ ...f, ...next }));
    setFormError(null);
    // Other details are another intent.
    keyRef.current = null;
  }

  async function onContinue(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!check.ok || busy) return;
    setBusy(true);
    setFormError(null);
    try {
      const typed = parseReceiver(check.receiver);
      const [receiver, phone] = await Promise.all([
        resolveReceiver(accountId, check.receiver),
        typed?.kind === 'phone' ? loadPhoneMetadata().then((lib) => formatInternational(lib, typed.phone)) : null,
      ]);
      keyRef.current = null;
      setShownPhone(phone);
      setStep({ kind: 'confirm', receiver, amount: check.amount });
    } catch (err) {
      setFormError(apiErrorText($lang.get(), err));
    } finally {
      setBusy(false);
    }
  }

  async function onSend(receiver: ResolvedReceiver, amount: string) {
    if (busy) return;
    setBusy(true);
    const key = (keyRef.current ??= idempotencyKey());
    try {
      const result = await sendTransfer(accountId, receiver.partyId, amount, key);
      keyRef.current = null;
      setStep({ kind: 'done', receiver, result });
      onSent();
    } catch (err) {
      const unknown = outcomeUnknown(err);
      if (!unknown) keyRef.current = null;
      else onSent();
      setStep({
        kind: 'failed',
        receiver,
        amount,
        retryable: unknown,
        message: unknown ? t('wallet.send.error.unknown') : apiErrorText($lang.get(), err),
      });
    } finally {
      setBusy(false);
    }
  }

  const usd = (cents: bigint | number | null) => (cents === null ? '-' : formatCents(cents));
  const title =
    step.kind === 'form'
      ? t('wallet.send.title')
      : step.kind === 'done'
        ? t('wallet.send.success.title')
        : step.kind === 'failed'
          ? t('wallet.send.error.title')
          : t('wallet.send.confirm.title');

  let body;
  let footer;
  if (step.kind === 'form') {
    body = (
      <form id="send-form" noValidate onSubmit={(e) => void onContinue(e)} className="space-y-4" data-send-step="form">
        <div>
          <label htmlFor={ids.receiver} className="text-sm font-medium text-gray-700">
            {t('wallet.send.receiver.label')}
          </label>
          <input
            id={ids.receiver}
            name="receiver"
            value={fields.receiver}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => edit({ receiver: e.target.value })}
            aria-invalid={errors.receiver ? true : undefined}
            aria-describedby={`${ids.receiverMsg}`}
            className={`${field} mt-1 ${errors.receiver ? 'border-red-400' : 'border-gray-300'}`}
          />
          <p
            id={ids.receiverMsg}
            className={`mt-1 text-xs ${errors.receiver ? 'text-red-600' : 'text-gray-600'}`}
            data-error={errors.receiver ? 'receiver' : undefined}
          >
            {errors.receiver ? t(errors.receiver) : t('wallet.send.receiver.hint')}
          </p>
        </div>
        <div>
          <div className="flex flex-wrap items-baseline justify-between gap-x-4">
            <label htmlFor={ids.amount} className="text-sm font-medium text-gray-700">
              {t('wallet.send.amount.label')}
            </label>
            <span className="text-xs text-gray-600 tabular-nums" data-send-available="">
              {t('wallet.send.amount.available', { amount: formatLedgerAmount(available, 'CC') })}
            </span>
          </div>
          <input
            ref={amountRef}
            id={ids.amount}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            value={fields.amount}
            onChange={(e) => edit({ amount: e.target.value })}
            aria-invalid={errors.amount ? true : undefined}
            aria-describedby={`${ids.amountMsg} ${ids.usd}`}
            className={`${field} mt-1 tabular-nums ${errors.amount ? 'border-red-400' : 'border-gray-300'}`}
          />
          {errors.amount && (
            <p id={ids.amountMsg} className="mt-1 text-xs text-red-600" data-error="amount">
              {t(errors.amount)}
            </p>
          )}
          <p id={ids.usd} className="mt-1 text-xs text-gray-600 tabular-nums" data-send-usd="">
            {typedCents !== null && price ? t('wallet.send.amount.usd', { usd: usd(typedCents), price: formatPrice(price) }) : ''}
          </p>
        </div>
        {formError && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800" data-send-error="">
            {formError}
          </p>
        )}
      </form>
    );
    footer = (
      <>
        <Button variant="outline" onClick={close} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" form="send-form" variant="primary" loading={busy} disabled={busy} data-action="send-continue">
          {busy ? t('wallet.send.resolving') : t('wallet.send.continue')}
        </Button>
      </>
    );
  } else {
    const receiver = step.receiver;
    const amount = step.kind === 'done' ? step.result.amount : step.amount;
    const cents = step.kind === 'done' ? step.result.amount_usd_cents : usdCentsOf(amount, price);
    // Who is paid: the phone typed (in international form), the name the receiver has (masked), and
    // the party id once: an unnamed person's name already is that shortened id.
    const shortParty = abbreviatePartyId(receiver.partyId);
    const named = receiver.displayName !== shortParty;
    const summary = (
      <dl className="divide-y divide-gray-100 rounded-lg border border-gray-200 text-sm" data-send-summary="">
        <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 px-3 py-2.5">
          <dt className="text-gray-600">{t('wallet.send.confirm.receiver')}</dt>
          <dd className="min-w-0 text-right">
            {shownPhone && (
              <span className="block font-medium tabular-nums text-gray-900" data-send-phone="">
                {shownPhone}
              </span>
            )}
            <span className={cx('block', named ? 'text-gray-900' : 'font-mono text-xs text-gray-600')} title={receiver.partyId} data-send-name="">
              {receiver.displayName}
            </span>
            {named && (
              <span className="block font-mono text-xs text-gray-600" title={receiver.partyId} data-send-party="">
                {shortParty}
              </span>
            )}
          </dd>
        </div>
        <div className="flex justify-between gap-4 px-3 py-2.5">
          <dt className="text-gray-600">{t('wallet.send.confirm.amount')}</dt>
          <dd className="font-medium tabular-nums text-gray-900" data-send-amount="">
            {formatLedgerAmount(amount, 'CC')}
          </dd>
        </div>
        <div className="flex justify-between gap-4 px-3 py-2.5">
          <dt className="text-gray-600">{t('wallet.send.confirm.usd')}</dt>
          <dd className="tabular-nums text-gray-900">{usd(cents)}</dd>
        </div>
      </dl>
    );
    if (step.kind === 'confirm') {
      body = (
        <div className="space-y-4" data-send-step="confirm">
          {summary}
          <p className="rounded-lg bg-gray-50 px-3 py-2 text-sm text-gray-700" data-send-next={receiver.preapproved ? 'instant' : 'offer'}>
            {receiver.preapproved
              ? t('wallet.send.confirm.instant', { name: receiver.displayName })
              : t('wallet.send.confirm.offer', { name: receiver.displayName })}
          </p>
        </div>
      );
      footer = (
        <>
          <Button variant="outline" onClick={() => setStep({ kind: 'form' })} disabled={busy}>
            {t('common.back')}
          </Button>
          <Button variant="primary" onClick={() => void onSend(receiver, amount)} loading={busy} disabled={busy} data-action="send-submit">
            {busy ? t('wallet.send.sending') : t('wallet.send.submit')}
          </Button>
        </>
      );
    } else if (step.kind === 'done') {
      const params = { amount: formatLedgerAmount(step.result.amount, 'CC'), name: receiver.displayName };
      body = (
        <div className="space-y-4" data-send-step="done" data-send-status={step.result.status}>
          <p role="status" className="rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900">
            {step.result.status === 'COMPLETED' ? t('wallet.send.success.completed', params) : t('wallet.send.success.pending', params)}
          </p>
          {summary}
        </div>
      );
      footer = (
        <Button variant="primary" onClick={close} data-action="send-done">
          {t('wallet.send.done')}
        </Button>
      );
    } else {
      body = (
        <div className="space-y-4" data-send-step="failed">
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800" data-send-error="">
            {step.message}
          </p>
          {summary}
        </div>
      );
      footer = step.retryable ? (
        <>
          <Button variant="outline" onClick={close} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button variant="primary" onClick={() => void onSend(receiver, amount)} loading={busy} disabled={busy} data-action="send-retry">
            {t('common.retry')}
          </Button>
        </>
      ) : (
        <>
          <Button variant="outline" onClick={close}>
            {t('common.close')}
          </Button>
          <Button variant="primary" onClick={() => setStep({ kind: 'form' })} data-action="send-edit">
            {t('common.back')}
          </Button>
        </>
      );
    }
  }

  return (
    <Modal
      open={open}
      onClose={close}
      title={title}
      description={step.kind === 'form' ? t('wallet.send.description') : undefined}
      footer={footer}
      closeBlocked={busy}
    >
      <div ref={stepRef} tabIndex={-1} className="focus:outline-none">
        {body}
      </div>
    </Modal>
  );
}
