// Sell of a Canton asset (CC, CBTC): these live in the Canton wallet, not the brokerage, and nothing
// in the app sells them for dollars; the dialog says so and what can be done with them (send them
// from the wallet) rather than pretending to sell. Loaded on demand.
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { useT } from '../../components/use-t';

export default function CantonSellDialog({ symbol, onClose }: { symbol: string; onClose: () => void }) {
  const t = useT();
  return (
    <Modal open onClose={onClose} size="sm" title={t('trade.title.sell', { symbol })} footer={<Button onClick={onClose}>{t('common.close')}</Button>}>
      <p className="text-sm text-gray-700" data-testid="canton-sell">
        {t('trade.wallet.sell', { symbol })}
      </p>
    </Modal>
  );
}
