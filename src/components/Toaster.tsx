// Renders the $toasts queue: one per toast, coloured by type, with title, description and a named
// close button. Errors and warnings are alerts (announced at once), the rest polite statuses.
// Mount it once per page, in the app shell. The stack sits at the top of the screen on every width:
// dialogs open as bottom sheets on phones with their actions at the bottom, so toasts there would
// cover the very buttons the user needs. A merged toast shows how many times it was raised.
import { useStore } from '@nanostores/react';
import { useT } from './use-t';
import { $toasts, dismissToast, type ToastType } from '../stores/toasts';
import { cx } from './cx';
import { IconButton } from './Icon';
import { CloseIcon } from './icons';

const STYLES: Record<ToastType, string> = {
  success: 'border-green-200 bg-green-50 text-green-900',
  error: 'border-red-200 bg-red-50 text-red-900',
  warning: 'border-yellow-200 bg-yellow-50 text-yellow-900',
  info: 'border-blue-200 bg-blue-50 text-blue-900',
};

export function Toaster() {
  const toasts = useStore($toasts);
  const t = useT();
  return (
    <section
      aria-label={t('common.notifications')}
      className="pointer-events-none fixed inset-x-0 top-0 z-[60] flex flex-col items-center gap-2 p-4 sm:left-auto sm:items-end"
    >
      {toasts.map((item) => {
        const urgent = item.type === 'error' || item.type === 'warning';
        return (
          <div
            key={item.id}
            role={urgent ? 'alert' : 'status'}
            aria-live={urgent ? 'assertive' : 'polite'}
            aria-atomic="true"
            data-type={item.type}
            className={cx('pointer-events-auto flex w-full max-w-sm items-start gap-2 rounded-lg border py-3 pl-4 pr-1 shadow-lg', STYLES[item.type])}
          >
            <div className="min-w-0 flex-1 py-1">
              <p className="text-sm font-semibold">
                {item.title}
                {item.count > 1 && (
                  <span data-count="" className="ml-2 rounded-full bg-white/70 px-1.5 text-xs font-semibold">
                    {t('toast.count', { count: item.count })}
                  </span>
                )}
              </p>
              {item.description && <p className="mt-1 break-words text-sm opacity-90">{item.description}</p>}
            </div>
            <IconButton label={t('common.closeNotification')} onClick={() => dismissToast(item.id)} className="-my-1">
              <CloseIcon width={16} height={16} />
            </IconButton>
          </div>
        );
      })}
    </section>
  );
}
