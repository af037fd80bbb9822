// The asset screen's Buy and Sell placeholder dialogs: a sentence, and Cancel and Confirm buttons
// that only close them. Loaded on demand.
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { useT } from '../../components/use-t';

export default function TradeModal({ side, symbol, onClose }: { side: 'buy' | 'sell'; symbol: string; onClose: () => void }) {
  const t = useT();
  return (
    <Modal
      open
      onClose={onClose}
      size="sm"
      title={t(side === 'buy' ? 'asset.buyModal.title' : 'asset.sellModal.title', { symbol })}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button variant={side === 'buy' ? 'secondary' : 'primary'} onClick={onClose}>
            {t('common.confirm')}
          </Button>
        </>
      }
    >
      <p className="text-sm text-gray-600">{t(side === 'buy' ? 'asset.buyModal.body' : 'asset.sellModal.body')}</p>
    </Modal>
  );
}
