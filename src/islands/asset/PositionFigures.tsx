// Your Holdings of a stock or ETF on its asset page: the position's shares, market value, average
// cost and total return (a simple return, labelled with its method), as GET .../positions/{symbol}
// answers them.
import { useT } from '../../components/use-t';
import type { ReactNode } from 'react';
import { formatCents, formatDecimal, formatPrice } from '../../shared/format';
import type { Position } from '../../shared/schemas/order';
import { Change } from '../common/Change';
import { FigureRows } from '../common/FigureRows';

export function PositionFigures({ position }: { position: Position }) {
  const t = useT();
  const rows: [string, ReactNode, string][] = [
    [t('portfolio.qty'), formatDecimal(position.qty, 6), 'holding-qty'],
    [t('portfolio.marketValue'), formatCents(position.market_value_cents), 'holding-value'],
    [t('portfolio.avgCost'), formatPrice(position.avg_entry_price), 'holding-avg-cost'],
    [t('portfolio.totalReturn'), <Change cents={position.unrealized_pl_cents} ratio={position.unrealized_plpc} />, 'holding-return'],
  ];
  return (
    <div className="mt-4 rounded-lg bg-gray-50 p-4" data-testid="holding">
      <FigureRows rows={rows} />
      <p className="mt-2 text-xs text-gray-500">{t('portfolio.method')}</p>
    </div>
  );
}
