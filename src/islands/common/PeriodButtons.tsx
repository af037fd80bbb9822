// The period buttons above a chart over time (the asset page's timeframes, the portfolio's periods):
// one pressed button per choice (aria-pressed), each a 44 px target reachable by keyboard, named in
// full for screen readers when its visible text is short ("1M": "the last month").
import { cx } from '../../components/cx';

export function PeriodButtons<P extends string>({
  options,
  value,
  onChange,
  groupLabel,
  text,
  name,
  data,
  className,
}: {
  options: readonly P[];
  value: P;
  onChange: (option: P) => void;
  groupLabel: string;
  /** Each option's visible text. */
  text: (option: P) => string;
  /** Each option's full name, when the visible text is short. */
  name?: (option: P) => string;
  /** The attribute naming each button's option (data-<data>), for tests and tools. */
  data: string;
  /** The group's layout. */
  className: string;
}) {
  return (
    <div role="group" aria-label={groupLabel} className={className}>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={value === option}
          aria-label={name?.(option)}
          {...{ [`data-${data}`]: option }}
          onClick={() => onChange(option)}
          className={cx(
            'min-h-11 min-w-11 whitespace-nowrap rounded-lg px-1 text-sm font-medium sm:px-3',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gray-900',
            value === option ? 'bg-gray-900 text-white' : 'bg-gray-100 text-gray-700 hover:bg-gray-200',
          )}
        >
          {text(option)}
        </button>
      ))}
    </div>
  );
}
