// A gain or a loss in money (and its percentage): signed ("+$1.23 (+4.56%)") and named ("gain",
// "loss") as well as coloured, so that it is never told by colour alone. Ratios are the API's exact
// decimal text (0.0456 is 4.56%).
import { cx } from '../../components/cx';
import { useT } from '../../components/use-t';
import { decimalToNumber, multiplyDecimals, parseDecimal } from '../../shared/decimal';
import { formatChangePercent, formatSignedCents } from '../../shared/format';

/** A ratio as a signed percentage with 2 decimals: "0.0456" -> "+4.56%". */
export function ratioPercent(ratio: string): string {
  return formatChangePercent(decimalToNumber(multiplyDecimals(parseDecimal(ratio) ?? { units: 0n, scale: 0 }, { units: 100n, scale: 0 })));
}

export function Change({ cents, ratio, testId }: { cents: number; ratio?: string | null | undefined; testId?: string }) {
  const t = useT();
  const tone = cents > 0 ? 'text-green-700' : cents < 0 ? 'text-red-700' : 'text-gray-900';
  return (
    <span className={cx('tabular-nums', tone)} data-testid={testId} data-sign={Math.sign(cents)}>
      {formatSignedCents(Math.abs(cents), cents < 0 ? 'out' : 'in')}
      {ratio != null && ` (${ratioPercent(ratio)})`}
      {cents !== 0 && <span className="ml-1 text-xs text-gray-600">{t(cents > 0 ? 'portfolio.gain' : 'portfolio.loss')}</span>}
    </span>
  );
}
