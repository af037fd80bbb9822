// /accounts/brokerage served with the open-account form (an account verified but not yet opened): the
// page of ./BrokerageAccount.tsx with the form in its first load, so the served form hydrates with
// the page, not after a chunk of its own.
import { BrokeragePage, type BrokeragePageProps } from './BrokerageAccount';
import OpenAccountForm from './brokerage/OpenAccountForm';

export default function BrokerageOpeningPage(props: BrokeragePageProps) {
  return <BrokeragePage {...props} openForm={OpenAccountForm} />;
}
